import { base64 } from '@scure/base'
import { useState } from 'react'
import type { ChannelOutput } from '@shared/ipc/channels'
import { shown } from '@shared/text/visible-text'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'
import { optionName } from '../../names/logical-cut'

type Preview = ChannelOutput<'payRuns.preview'>

/** 10 MB: the core refuses more, so a bigger file is not even read into the page. */
const MAX_BYTES = 10 * 1024 * 1024
const OPTION_CHARS = 40

/**
 * The invoice one line pays in this period (as `run invoice`): each period takes its own number and PDF, recorded
 * under the period's key before or after the period is sent.
 */
export function RunInvoicePanel({ preview, onSaved }: { preview: Preview; onSaved: () => void }) {
  const record = useDeskMutation('payRuns.invoice')
  const action = useAction()
  const [line, setLine] = useState(preview.lines[0]?.lineId ?? '')
  const [number, setNumber] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [tried, setTried] = useState<string | null>(null)
  const tooBig = file && file.size > MAX_BYTES ? 'An invoice PDF is at most 10 MB.' : null
  // "Record it anyway" confirms the number the core refused, never one typed after it.
  const repeat = action.error?.code === 'confirmation_required' && tried === `${line}|${number.trim()}`

  const save = async () => {
    setTried(`${line}|${number.trim()}`)
    const saved = await action.run(async () =>
      record.mutateAsync({
        name: preview.name,
        period: preview.period,
        line,
        number: number.trim(),
        base64: file ? base64.encode(new Uint8Array(await file.arrayBuffer())) : null,
        confirmRepeat: repeat,
      }),
    )
    if (saved) {
      setNumber('')
      setFile(null)
      onSaved()
    }
  }

  if (preview.lines.length === 0) return null
  return (
    <section className="panel" aria-label="Invoice for this period">
      <h2>Invoice for period {preview.period}</h2>
      <Field label="Line">
        <select value={line} onChange={(e) => setLine(e.target.value)}>
          {preview.lines.map((l) => (
            <option key={l.lineId} value={l.lineId}>
              {l.line}: {optionName(shown(l.payee), OPTION_CHARS)}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Invoice number">
        <input value={number} onChange={(e) => setNumber(e.target.value)} />
      </Field>
      <Field label="Invoice PDF (optional)" error={tooBig}>
        <input type="file" accept="application/pdf,.pdf" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </Field>
      {action.error ? <ErrorBox error={action.error} title="The invoice was not recorded" /> : null}
      <button
        type="button"
        onClick={() => void save()}
        disabled={action.busy || !line || !number.trim() || tooBig !== null}
      >
        {repeat ? 'Record it anyway' : 'Record invoice'}
      </button>
    </section>
  )
}
