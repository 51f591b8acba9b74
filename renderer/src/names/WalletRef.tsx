import { ShortId } from '../components/ShortId'
import { UserText } from './UserText'
import { useNameBook } from './useNameBook'

/** A wallet by its name first, its id second (shortened, copyable). */
export function WalletRef({ id }: { id: string }) {
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
    <span className="party" data-testid="wallet-ref">
      <span className="party-name">
        {wallet ? <UserText>{wallet.name}</UserText> : <span className="muted">{missing}</span>}
      </span>
      <ShortId value={id} what="wallet id" short />
    </span>
  )
}
