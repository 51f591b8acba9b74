import { useState } from 'react'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { useAction } from '../../components/useAction'
import { CsvFileInput } from '../../components/CsvFileInput'
import { useDeskMutation } from '../../data/useDeskMutation'

/**
 * The account mapping from a file, as `history map import` takes it: the core checks the whole file first and a
 * refusal names every bad line; the import is the person's act, audited, in force from the first open month.
 */
export function MapImport() {
  const action = useAction()
  const importMap = useDeskMutation('close.importMap')
  const [done, setDone] = useState<string | null>(null)

  const imported = async ({ name, text }: { name: string; text: string }) => {
    setDone(null)
    const r = await action.run(() => importMap.mutateAsync({ source: name, text }))
    if (r)
      setDone(
        `Imported ${r.rows} account mapping rows, in force from ` +
          `${r.fromPeriod === '0000-01' ? 'the first month' : r.fromPeriod}.`,
      )
  }

  return (
    <div data-testid="account-map-import">
      <Field
        label="Account mapping (CSV: wallet, asset, kind, account)"
        hint="kind is incoming, outgoing, fee, internal or suspected-poisoning; * for any wallet or asset"
      >
        {/* 2 MB: the core refuses more. */}
        <CsvFileInput
          what="The account mapping"
          maxMb={2}
          disabled={action.busy}
          onError={action.setError}
          onFile={imported}
        />
      </Field>
      {done ? <p role="status">{done}</p> : null}
      {action.error ? <ErrorBox error={action.error} title="The account mapping was not imported" /> : null}
    </div>
  )
}
