import type { Wallet } from '@shared/api/resources'
import { Field } from './Field'
import { shown } from '@shared/text/visible-text'

interface Props {
  wallets: readonly Wallet[] | undefined
  value: string
  onChange: (walletId: string) => void
}

/** The "Wallet" filter of the lists: every wallet of the profile, or all of them (empty value). */
export function WalletFilter({ wallets, value, onChange }: Props) {
  return (
    <Field label="Wallet">
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All wallets</option>
        {wallets?.map((w) => (
          <option key={w.id} value={w.id}>
            {shown(w.name)}
          </option>
        ))}
      </select>
    </Field>
  )
}
