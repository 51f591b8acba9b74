import { ShortId } from '../components/ShortId'
import { UserText } from './UserText'
import { useNameBook } from './useNameBook'

/**
 * A wallet by its name first, its id second (shortened, copyable). `inline` (a one-line table row) shows the name
 * alone, cut to the cell and whole in its title; the id only until the name is known. The wallet's page has both.
 */
export function WalletRef({ id, inline = false }: { id: string; inline?: boolean }) {
  const names = useNameBook()
  const wallet = names.wallet(id)
  // Until the wallets are read a wallet is not "unknown": it is not looked up yet.
  const missing =
    names.reads.wallets === 'read'
      ? 'unknown wallet'
      : names.reads.wallets === 'failed'
        ? 'wallets not read'
        : 'reading wallets…'
  return (
    <span className={inline ? 'party party-inline' : 'party'} data-testid="wallet-ref">
      <span className="party-name">
        {wallet ? <UserText>{wallet.name}</UserText> : <span className="muted">{missing}</span>}
      </span>
      {inline && wallet ? null : <ShortId value={id} what="wallet id" short copy={!inline} />}
    </span>
  )
}
