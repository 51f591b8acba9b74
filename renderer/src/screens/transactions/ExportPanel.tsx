import { useEffect, useRef, useState } from 'react'
import type { ChannelOutput } from '../../../../shared/ipc/channels'
import { asDeskError, call, on, type DeskCallError } from '../../desk'
import { ErrorBox } from '../../components/ErrorBox'
import type { TxFilter } from './tx-store'

type Result = ChannelOutput<'transactions.export'>

/** Exports the filtered range to CSV; the core follows the cursor to the end and reports progress. */
export function ExportPanel({ filter }: { filter: TxFilter }) {
  const [running, setRunning] = useState(false)
  const [progress, setProgress] = useState<{ rows: number; pages: number } | null>(null)
  const [result, setResult] = useState<Result | null>(null)
  const [error, setError] = useState<DeskCallError | null>(null)
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
    if (running) return
    exportId.current = null
    setCancellable(false)
    setRunning(true)
    setProgress(null)
    setResult(null)
    setError(null)
    try {
      setResult(
        await call('transactions.export', {
          ...(filter.walletId ? { wallet_id: filter.walletId } : {}),
          ...(filter.after ? { created_after: filter.after } : {}),
          ...(filter.before ? { created_before: filter.before } : {}),
        }),
      )
    } catch (err) {
      setError(asDeskError(err))
    } finally {
      setRunning(false)
    }
  }

  const cancel = async () => {
    if (!exportId.current) return
    try {
      await call('transactions.cancelExport', { exportId: exportId.current })
    } catch (err) {
      setError(asDeskError(err))
    }
  }

  return (
    <div className="panel" aria-label="Export" data-testid="export-panel">
      <div className="row">
        <button type="button" onClick={() => void start()} disabled={running}>
          Export range to CSV
        </button>
        {running ? (
          <button type="button" onClick={() => void cancel()} disabled={!cancellable}>
            Cancel export
          </button>
        ) : null}
        <span className="muted small">Exports every movement of the current filter, not only the loaded rows.</span>
      </div>
      {running ? (
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
      {error ? <ErrorBox error={error} title="The export failed" /> : null}
    </div>
  )
}
