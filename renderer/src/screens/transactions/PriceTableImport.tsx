import type { ChannelOutput } from '@shared/ipc/channels'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { useAction } from '../../components/useAction'
import { CsvFileInput } from '../../components/CsvFileInput'
import { useDeskMutation } from '../../data/useDeskMutation'
import { UserText } from '../../names/UserText'

type Summary = ChannelOutput<'history.prices'>

/**
 * The profile's price table for the accounting exports' fiat column: what it holds, and a file to replace it with.
 * The core checks the whole file first; a bad line refuses it, naming the line, and the table before stays.
 */
export function PriceTableImport({ summary }: { summary: Summary | undefined }) {
  const action = useAction()
  const importPrices = useDeskMutation('history.importPrices')
  const cancelWaiting = useDeskMutation('history.cancelWaitingPrices')

  const imported = async ({ name, text }: { name: string; text: string }) => {
    await action.run(() => importPrices.mutateAsync({ source: name, text }))
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
        {/* 10 MB: the core refuses more. */}
        <CsvFileInput
          what="The price table"
          maxMb={10}
          disabled={action.busy}
          onError={action.setError}
          onFile={imported}
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
