import type { WalletView } from '@shared/ipc/views'
import { Field } from './Field'
import { shown } from '@shared/text/visible-text'
import { optionName } from '../names/logical-cut'

/** What the filter's 16rem show of a name. */
const OPTION_CHARS = 32

interface Props {
  wallets: readonly WalletView[] | undefined
  value: string
  onChange: (walletId: string) => void
}

/** The "Wallet" filter of the lists: every wallet of the profile, or all of them (empty value). */
export function WalletFilter({ wallets, value, onChange }: Props) {
  const chosen = wallets?.find((w) => w.id === value)
  return (
    <Field label="Wallet">
      <select
        className="wallet-filter"
        value={value}
        title={chosen ? shown(chosen.name) : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">All wallets</option>
        {wallets?.map((w) => (
          <option key={w.id} value={w.id}>
            {optionName(shown(w.name), OPTION_CHARS)}
          </option>
        ))}
      </select>
    </Field>
  )
}
