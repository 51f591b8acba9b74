import type { ChannelOutput } from '@shared/ipc/channels'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { useAction } from '../../components/useAction'
import { DeskCallError } from '../../desk'
import { useDeskMutation } from '../../data/useDeskMutation'
import { UserText } from '../../names/UserText'

type Summary = ChannelOutput<'history.prices'>

/** 10 MB: the core refuses more, so a bigger file is not even read into the page. */
const MAX_BYTES = 10 * 1024 * 1024

/**
 * The profile's price table for the accounting exports' fiat column: what it holds, and a file to replace it with.
 * The core checks the whole file first; a bad line refuses it, naming the line, and the table before stays.
 */
export function PriceTableImport({ summary }: { summary: Summary | undefined }) {
  const action = useAction()
  const importPrices = useDeskMutation('history.importPrices')
  const cancelWaiting = useDeskMutation('history.cancelWaitingPrices')

  const pick = async (file: File | undefined) => {
    if (!file) return
    if (file.size > MAX_BYTES) {
      action.setError(
        new DeskCallError('validation_failed', `The price table was not imported: ${file.name} is over 10 MB.`),
      )
      return
    }
    const text = await file.text()
    await action.run(() => importPrices.mutateAsync({ source: file.name, text }))
  }

  return (
    <div data-testid="price-table">
      <Field
        label="Price table (CSV: date, asset, fiat, price)"
        hint={
          summary && summary.rows > 0 ? (
            <>
              {summary.rows.toLocaleString()} prices in {summary.fiats.join(', ')} from {summary.from} to {summary.to},
              imported from <UserText>{summary.source ?? ''}</UserText>
            </>
          ) : (
            'No price table: fiat cells stay blank.'
          )
        }
      >
        <input
          type="file"
          accept=".csv,text/csv,text/plain"
          disabled={action.busy}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </Field>
      {summary?.waiting ? (
        <p role="status">
          {summary.waiting.rates} imported prices lower an asset&apos;s USD value (a USD limit would allow more): they
          wait until {summary.waiting.effectiveAt}, the profile&apos;s loosening delay.{' '}
          <button
            type="button"
            disabled={action.busy}
            onClick={() => void action.run(() => cancelWaiting.mutateAsync({}))}
          >
            Cancel the waiting prices
          </button>
        </p>
      ) : null}
      {action.error ? <ErrorBox error={action.error} title="The price table was not imported" /> : null}
    </div>
  )
}
