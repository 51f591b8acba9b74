import { ShortId } from '../components/ShortId'
import { UserText } from './UserText'
import { useNameBook } from './useNameBook'

/** A wallet by its name first, its id second (shortened, copyable). */
export function WalletRef({ id }: { id: string }) {
  const wallet = useNameBook().wallet(id)
  return (
    <span className="party" data-testid="wallet-ref">
      <span className="party-name">{wallet ? <UserText>{wallet.name}</UserText> : <span className="muted">unknown wallet</span>}</span>
      <ShortId value={id} what="wallet id" short />
    </span>
  )
}
