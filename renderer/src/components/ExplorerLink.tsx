import { explorerAddressUrl, explorerTxUrl } from '@shared/api/explorers'

interface Props {
  network: string | null
  /** A transaction hash, or an address when `address` is set. */
  value: string
  address?: boolean
  /** Says what is looked up, for the link's accessible name: "transaction 0xab…cd". */
  what: string
}

/**
 * A link to the network's block explorer (testnets have their own); the shell opens it in the system
 * browser. Nothing is drawn for a network without an explorer.
 */
export function ExplorerLink({ network, value, address = false, what }: Props) {
  const url = address ? explorerAddressUrl(network, value) : explorerTxUrl(network, value)
  if (url === null) return null
  return (
    <a
      className="explorer-link"
      href={url}
      target="_blank"
      rel="noreferrer noopener"
      aria-label={`Open ${what} in the block explorer`}
      title={url}
    >
      ↗
    </a>
  )
}
