import { useState } from 'react'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { useAction } from '../../components/useAction'
import { DeskCallError } from '../../desk'
import { useDeskMutation } from '../../data/useDeskMutation'

/** 2 MB: the core refuses more, so a bigger file is not even read into the page. */
const MAX_BYTES = 2 * 1024 * 1024

/**
 * The account mapping from a file, as `history map import` takes it: the core checks the whole file first and a
 * refusal names every bad line; the import is the person's act, audited, in force from the first open month.
 */
export function MapImport() {
  const action = useAction()
  const importMap = useDeskMutation('close.importMap')
  const [done, setDone] = useState<string | null>(null)

  const pick = async (file: File | undefined) => {
    setDone(null)
    if (!file) return
    if (file.size > MAX_BYTES) {
      action.setError(
        new DeskCallError('validation_failed', `The account mapping was not imported: ${file.name} is over 2 MB.`),
      )
      return
    }
    const text = await file.text()
    const r = await action.run(() => importMap.mutateAsync({ source: file.name, text }))
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
        <input
          type="file"
          accept=".csv,text/csv,text/plain"
          disabled={action.busy}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </Field>
      {done ? <p role="status">{done}</p> : null}
      {action.error ? <ErrorBox error={action.error} title="The account mapping was not imported" /> : null}
    </div>
  )
}
