import { useEffect, useRef, useState } from 'react'
import type { ChannelOutput } from '@shared/ipc/channels'
import { useDeskMutation } from '../data/useDeskMutation'
import { on } from '../desk'
import { ErrorBox } from './ErrorBox'
import { useAction } from './useAction'

type Result = ChannelOutput<'transactions.export'>
type Progress = { rows: number; pages: number }

interface Props {
  /** Text of the start button. */
  label: string
  /** What the export covers, said beside the button. */
  note: string
  run: () => Promise<Result>
  cancelChannel:
    'transactions.cancelExport' | 'withdrawals.cancelExport' | 'history.cancelExport' | 'activity.cancelExport'
  /** The progress line; by default rows and pages read so far. */
  progressText?: (p: Progress) => string
  /** The line after a finished export; by default the rows and the file. */
  doneText?: (r: Result) => string
  /** The start button is off (the note says why). */
  disabled?: boolean
}

const rowsAndPages = (p: Progress) => `${p.rows} rows from ${p.pages} pages so far`
const rowsTo = (r: Result) => `Exported ${r.rows} rows to ${r.path ?? 'the chosen file'}`

/** A CSV export of everything a filter matches, with progress from the core and a cancel. */
export function CsvExportPanel({
  label,
  note,
  run,
  cancelChannel,
  progressText = rowsAndPages,
  doneText = rowsTo,
  disabled = false,
}: Props) {
  const action = useAction()
  const cancelExport = useDeskMutation(cancelChannel)
  const [progress, setProgress] = useState<Progress | null>(null)
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
    if (exportId.current) cancelExport.mutateAsync({ exportId: exportId.current }).catch(() => undefined)
  }

  return (
    <div className="panel" aria-label="Export" data-testid="export-panel">
      <div className="row">
        <button type="button" onClick={() => void start()} disabled={action.busy || disabled}>
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
          <span className="small">{progress ? progressText(progress) : 'Starting…'}</span>
        </div>
      ) : null}
      {result ? (
        <p className={`notice ${result.cancelled ? 'warn' : 'good'}`} role="status" data-testid="export-result">
          {result.cancelled
            ? result.path === null && result.rows === 0
              ? 'Nothing exported: no file was chosen or the export stopped before the first page.'
              : `Export cancelled after ${result.rows} rows.`
            : doneText(result)}
        </p>
      ) : null}
      {action.error ? <ErrorBox error={action.error} title="The export failed" /> : null}
    </div>
  )
}
