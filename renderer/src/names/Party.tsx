import type { ReactNode } from 'react'
import { ShortId } from '../components/ShortId'
import { ownerName } from './owner-name'
import type { UntrustedText } from '@shared/text/untrusted-text'
import type { Known } from './name-book'
import { UserText } from './UserText'
import { useNameBook } from './useNameBook'

interface Props {
  address: string
  network?: string | null
  /** A name the provider gave with the address (transaction legs), used when the app knows none. */
  providerName?: UntrustedText | null
  /** "destination address", "sender address": completes the copy button's label. */
  what: string
  /** Name and address on one line, without a copy button (a fixed-height table row; its detail has the copy). */
  inline?: boolean
  /** Why copying this address needs a second thought (suspected poisoning): shown before anything is copied. */
  copyWarning?: string
}

function nameOf(known: Known, providerName: UntrustedText | null | undefined): ReactNode {
  if (known?.kind === 'destination') {
    const { label } = known.destination
    const owner = ownerName(known.destination)
    return (
      <>
        <UserText>{label || owner}</UserText>
        {label && owner && label !== owner ? (
          <span className="muted small">
            {' · '}
            <UserText>{owner}</UserText>
          </span>
        ) : null}
      </>
    )
  }
  if (known?.kind === 'wallet') return <UserText>{known.wallet.name}</UserText>
  if (providerName) return <UserText>{providerName}</UserText>
  if (known?.kind === 'unread')
    return <span className="muted">{known.failed ? 'book not read' : 'reading the book…'}</span>
  return <span className="muted">outside address</span>
}

/** Who is at an address, as already looked up: the name first, then the address, shortened, full on hover, copyable. */
export function PartyView({
  known,
  address,
  network,
  providerName,
  what,
  inline = false,
  copyWarning,
}: Props & { known: Known }) {
  return (
    <span className={inline ? 'party party-inline' : 'party'} data-testid="party">
      <span className="party-name">{nameOf(known, providerName)}</span>
      <ShortId
        value={address}
        what={what}
        short
        copy={!inline}
        keep={inline ? 5 : 8}
        warning={copyWarning}
        network={network}
      />
    </span>
  )
}

/**
 * Who is at an address: a destination's label and owner, or a wallet's name, else (once both are read) "outside
 * address".
 */
export function Party(props: Props) {
  const known = useNameBook().address(props.address, props.network)
  return <PartyView {...props} known={known} />
}
