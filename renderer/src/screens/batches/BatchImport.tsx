import { useState } from 'react'
import type { ChannelInput } from '@shared/ipc/channels'
import { Field } from '../../components/Field'

export type BatchSource = Omit<ChannelInput<'batch.check'>, 'wallet'>

/** 5 MB: the core refuses more, so a bigger file is not even read into the page. */
const MAX_BYTES = 5 * 1024 * 1024

function toBase64(bytes: ArrayBuffer): string {
  let binary = ''
  const view = new Uint8Array(bytes)
  for (let i = 0; i < view.length; i += 0x8000) binary += String.fromCharCode(...view.subarray(i, i + 0x8000))
  return btoa(binary)
}

/**
 * Picks the batch: a CSV file through the system's file dialog (an upload in the browser demo),
 * or rows pasted from a spreadsheet. The page sends the file's bytes as they are, so the core can
 * tell a file that is not UTF-8.
 */
export function BatchImport({
  onCheck,
  busy,
}: {
  onCheck: (source: BatchSource, wallet: string) => void
  busy: boolean
}) {
  const [pasted, setPasted] = useState('')
  const [wallet, setWallet] = useState('')
  const [tooBig, setTooBig] = useState<string | null>(null)

  const pick = async (file: File | undefined) => {
    if (!file) return
    if (file.size > MAX_BYTES)
      return setTooBig(
        `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; a batch file is at most 5 MB. Split it ` +
          `into several batches.`,
      )
    setTooBig(null)
    onCheck({ source: file.name, base64: toBase64(await file.arrayBuffer()) }, wallet.trim())
  }

  return (
    <section className="panel" aria-label="Import a batch">
      <h2>Batch payouts from a CSV file</h2>
      <p className="muted small">
        Columns by header name, in any order: <code>destination</code> (id, label or address), <code>amount</code>,{' '}
        <code>asset</code>, and optionally <code>network</code>, <code>wallet</code>, <code>fee_priority</code>,{' '}
        <code>reference</code>. Separated by commas, semicolons or tabs; amounts with a dot.
      </p>
      <Field label="Wallet for rows without one (optional)">
        <input
          value={wallet}
          maxLength={128}
          onChange={(e) => setWallet(e.target.value)}
          placeholder="wallet id or name"
        />
      </Field>
      <Field label="CSV file" error={tooBig}>
        <input
          type="file"
          accept=".csv,.tsv,.txt,text/csv,text/plain"
          disabled={busy}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </Field>
      <Field label="Or paste rows from a spreadsheet (with the header row)">
        <textarea className="mono" rows={6} value={pasted} onChange={(e) => setPasted(e.target.value)} />
      </Field>
      <button
        type="button"
        disabled={busy || pasted.trim() === ''}
        onClick={() => onCheck({ source: 'pasted rows', text: pasted }, wallet.trim())}
      >
        Check pasted rows
      </button>
    </section>
  )
}
