import { useEffect, useRef, useState } from 'react'
import type { ChannelOutput } from '../../../shared/ipc/channels'
import { call, on } from '../desk'
import { ErrorBox } from './ErrorBox'
import { useAction } from './useAction'

type Result = ChannelOutput<'transactions.export'>

interface Props {
  /** Text of the start button. */
  label: string
  /** What the export covers, said beside the button. */
  note: string
  run: () => Promise<Result>
  cancelChannel: 'transactions.cancelExport' | 'withdrawals.cancelExport'
}

/** A CSV export of everything a filter matches, with progress from the core and a cancel. */
export function CsvExportPanel({ label, note, run, cancelChannel }: Props) {
  const action = useAction()
  const [progress, setProgress] = useState<{ rows: number; pages: number } | null>(null)
  const [result, setResult] = useState<Result | null>(null)
  const exportId = useRef<string | null>(null)
  const [cancellable, setCancellable] = useState(false)

  useEffect(
    () =>
      on('export.progress', (p) => {
        // One export at a time: the first event of a run names it.
        if (exportId.current === null) {
          exportId.current = p.exportId
          setCancellable(true)
        }
        if (p.exportId === exportId.current) setProgress({ rows: p.rows, pages: p.pages })
      }),
    [],
  )

  const start = async () => {
    exportId.current = null
    setCancellable(false)
    setProgress(null)
    setResult(null)
    const done = await action.run(run)
    if (done) setResult(done)
  }

  const cancel = () => {
    if (exportId.current) call(cancelChannel, { exportId: exportId.current }).catch(() => undefined)
  }

  return (
    <div className="panel" aria-label="Export" data-testid="export-panel">
      <div className="row">
        <button type="button" onClick={() => void start()} disabled={action.busy}>
          {label}
        </button>
        {action.busy ? (
          <button type="button" onClick={cancel} disabled={!cancellable}>
            Cancel export
          </button>
        ) : null}
        <span className="muted small">{note}</span>
      </div>
      {action.busy ? (
        <div role="status">
          <progress aria-label="Export progress" />
          <span className="small">{progress ? `${progress.rows} rows from ${progress.pages} pages so far` : 'Starting…'}</span>
        </div>
      ) : null}
      {result ? (
        <p className={`notice ${result.cancelled ? 'warn' : 'good'}`} role="status" data-testid="export-result">
          {result.cancelled
            ? result.path === null && result.rows === 0
              ? 'Nothing exported: no file was chosen or the export stopped before the first page.'
              : `Export cancelled after ${result.rows} rows.`
            : `Exported ${result.rows} rows to ${result.path ?? 'the chosen file'}`}
        </p>
      ) : null}
      {action.error ? <ErrorBox error={action.error} title="The export failed" /> : null}
    </div>
  )
}
