import { OPTIONAL_COLUMNS, useTxColumns } from '../../stores/tx-columns'

/**
 * Which optional columns the Transactions table shows; a narrow window hides Fee, then Network and Tx hash, by itself.
 */
export function ColumnChooser({ showWallet }: { showWallet: boolean }) {
  const { hidden, toggle } = useTxColumns()
  return (
    <details className="column-chooser">
      <summary>Columns</summary>
      <fieldset>
        <legend className="sr-only">Columns shown</legend>
        {OPTIONAL_COLUMNS.filter((c) => showWallet || c.id !== 'wallet').map((c) => (
          <label key={c.id}>
            <input type="checkbox" checked={!hidden.includes(c.id)} onChange={() => toggle(c.id)} /> {c.heading}
          </label>
        ))}
        <p className="muted small">
          A narrow window hides the fee first, then the network and the tx hash; each is in the detail.
        </p>
      </fieldset>
    </details>
  )
}
