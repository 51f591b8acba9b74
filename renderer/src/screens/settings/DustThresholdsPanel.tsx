import { useState } from 'react'
import { Amount, fractionSlot } from '../../components/Amount'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useDeskQuery } from '../../data/useDeskQuery'
import { CanWrite } from '../../components/CanWrite'

/**
 * The profile's dust thresholds: an incoming movement of zero or less, from a look-alike of an address the profile
 * knows, is flagged as suspected address poisoning. Setting one judges the ledger's movements of that asset again.
 */
export function DustThresholdsPanel() {
  const rows = useDeskQuery('history.dustThresholds', {})
  const setThreshold = useDeskMutation('history.setDustThreshold')
  const { error, run, busy } = useAction()
  const [asset, setAsset] = useState('USDC')
  const [below, setBelow] = useState('')
  const [flagged, setFlagged] = useState<number | null>(null)

  const save = async () => {
    const next = await run(() => setThreshold.mutateAsync({ asset: asset.trim(), below: below.trim() }))
    if (!next) return
    setFlagged(next.flagged)
  }

  const problem = error ?? rows.error
  return (
    <div className="panel" data-testid="dust-thresholds">
      <h3>Dust thresholds</h3>
      <p className="muted small">
        Incoming movements of zero or less than these, from an address with the same first and last characters as one
        you know, are flagged as suspected address poisoning in Transactions.
      </p>
      <table
        className="grid"
        aria-label="Dust thresholds by asset"
        style={fractionSlot(
          (rows.data ?? []).map((r) => r.below),
          '--column-frac',
        )}
      >
        <thead>
          <tr>
            <th scope="col">Asset</th>
            <th scope="col" className="num">
              Dust below
            </th>
            <th scope="col">Set by</th>
          </tr>
        </thead>
        <tbody>
          {(rows.data ?? []).map((r) => (
            <tr key={r.asset}>
              <td>{r.asset}</td>
              <td className="num">
                <Amount value={r.below} asset={r.asset} />
              </td>
              <td>{r.own ? 'This profile' : 'Default'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <CanWrite>
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault()
            void save()
          }}
        >
          <Field label="Asset">
            <input value={asset} onChange={(e) => setAsset(e.target.value.toUpperCase())} maxLength={32} />
          </Field>
          <Field label="Dust below">
            <input
              inputMode="decimal"
              className="num"
              value={below}
              onChange={(e) => setBelow(e.target.value)}
              placeholder="1"
            />
          </Field>
          <button type="submit" disabled={busy || !asset.trim() || !below.trim()}>
            Set threshold
          </button>
        </form>
      </CanWrite>
      {flagged !== null ? (
        <p role="status">{flagged} incoming movements of the ledger are flagged as suspected poisoning.</p>
      ) : null}
      {problem ? <ErrorBox error={problem} title="The thresholds could not be read or changed" /> : null}
    </div>
  )
}
