import { useEffect, useState } from 'react'
import type { ChannelOutput } from '@shared/ipc/channels'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { useAction } from '../../components/useAction'
import { readDesk } from '../../data/read-desk'
import { useDeskMutation } from '../../data/useDeskMutation'
import { UserText } from '../../names/UserText'
import { groupProblems, groupWords } from '@shared/destinations/problem-groups'
import { CanWrite } from '../../components/CanWrite'

type Check = ChannelOutput<'destinations.importCheck'>
type Status = ChannelOutput<'destinations.importStatus'>

/** 10 MB: the core refuses more, so a bigger file is not even read into the page. */
const MAX_BYTES = 10 * 1024 * 1024
const POLL_MS = 500

function toBase64(bytes: ArrayBuffer): string {
  let binary = ''
  const view = new Uint8Array(bytes)
  for (let i = 0; i < view.length; i += 0x8000) binary += String.fromCharCode(...view.subarray(i, i + 0x8000))
  return btoa(binary)
}

/**
 * The book as a file: export it, or import one in the same columns. The whole file is checked first and every problem
 * listed once with the lines it is on; only a clean file is imported, row by row through the pacer, with pause and
 * resume.
 */
export function BookFilePanel({ onImported }: { onImported: () => void }) {
  const action = useAction()
  const checkFile = useDeskMutation('destinations.importCheck')
  const exportBook = useDeskMutation('destinations.export')
  const startImport = useDeskMutation('destinations.importStart')
  const pauseImport = useDeskMutation('destinations.importPause')
  const resumeImport = useDeskMutation('destinations.importResume')
  const [exported, setExported] = useState<string | null>(null)
  const [file, setFile] = useState<{ source: string; base64: string } | null>(null)
  const [check, setCheck] = useState<Check | null>(null)
  const [tooBig, setTooBig] = useState<string | null>(null)
  const [importId, setImportId] = useState<string | null>(null)
  const [status, setStatus] = useState<Status | null>(null)

  // An import a restart or a pause left unfinished is offered again.
  useEffect(() => {
    void readDesk('destinations.importList', {})
      .then((list) => {
        const open = list.find((p) => !p.finished)
        if (open) setImportId((id) => id ?? open.importId)
      })
      .catch(() => undefined)
  }, [])

  useEffect(() => {
    if (!importId) return
    let stop = false
    const tick = async () => {
      const next = await readDesk('destinations.importStatus', { importId }).catch(() => null)
      if (stop) return
      if (next) setStatus(next)
      if (next?.progress.finished) onImported()
      else setTimeout(() => void tick(), POLL_MS)
    }
    void tick()
    return () => {
      stop = true
    }
  }, [importId, onImported])

  const pick = async (picked: File | undefined) => {
    setCheck(null)
    setFile(null)
    if (!picked) return
    if (picked.size > MAX_BYTES)
      return setTooBig(
        `${picked.name} is ${(picked.size / 1024 / 1024).toFixed(1)} MB; a destination file is at most 10 MB. ` +
          `Split it into several files.`,
      )
    setTooBig(null)
    const next = { source: picked.name, base64: toBase64(await picked.arrayBuffer()) }
    const checked = await action.run(() => checkFile.mutateAsync(next), 'check')
    if (!checked) return
    setFile(next)
    setCheck(checked)
  }

  const p = status?.progress
  return (
    <section className="panel" aria-label="Destination book file">
      <h2>Export or import the book</h2>
      <div className="row">
        <button
          type="button"
          disabled={action.busy}
          onClick={() =>
            void action
              .run(() => exportBook.mutateAsync({}))
              .then((r) => r && setExported(r.path ? `Exported ${r.rows} destinations to ${r.path}` : null))
          }
        >
          Export CSV
        </button>
        {exported ? (
          <span role="status" data-testid="book-exported">
            <UserText>{exported}</UserText>
          </span>
        ) : null}
      </div>
      <p className="muted small">
        Import: an export's columns (<code>network</code>, <code>address</code>, <code>counterparty_type</code>,{' '}
        <code>wallet_type</code>, <code>country</code> required; names, <code>vasp_name</code>, <code>label</code>,{' '}
        <code>direction</code> as needed). New destinations start pending; an address already in the book is left as it
        is.
      </p>
      <CanWrite>
        <Field label="CSV file to import" error={tooBig}>
          <input
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/plain"
            disabled={action.busy || (p !== undefined && !p.finished)}
            onChange={(e) => void pick(e.target.files?.[0])}
          />
        </Field>
      </CanWrite>
      {action.error ? <ErrorBox error={action.error} title="The book file could not be handled" /> : null}
      {check && check.problems.length > 0 ? (
        <div className="notice warn" role="alert" data-testid="import-problems">
          <strong>
            The file has {check.problems.length} problem{check.problems.length === 1 ? '' : 's'}; nothing was imported.
            Correct them and choose the file again.
          </strong>
          <ul>
            {groupProblems(check.problems).map((g) => {
              const { where, problem } = groupWords(g)
              return (
                <li key={`${g.column ?? ''}-${g.problem}`}>
                  {where}
                  <UserText>{problem}</UserText>
                </li>
              )
            })}
          </ul>
        </div>
      ) : null}
      {check && check.problems.length === 0 && file && !importId ? (
        <div className="notice" role="status" data-testid="import-ready">
          {check.newRows} new destination{check.newRows === 1 ? '' : 's'} to register; {check.existingRows} already in
          the book (left as they are).{' '}
          <CanWrite>
            <button
              type="button"
              className="primary"
              disabled={action.busy || check.newRows === 0}
              onClick={() =>
                void action
                  .run(() => startImport.mutateAsync(file))
                  .then((started) => started && setImportId(started.importId))
              }
            >
              Import {check.newRows} destination{check.newRows === 1 ? '' : 's'}
            </button>
          </CanWrite>
        </div>
      ) : null}
      {p ? (
        <div className="notice" data-testid="import-progress">
          <label>
            Importing <UserText>{p.source}</UserText>: {p.total - p.pending} of {p.total}
            <progress max={p.total} value={p.total - p.pending} />
          </label>
          <p role="status">
            Created {p.created}, already existed {p.existing}, refused {p.failed}
            {p.finished ? '. Finished.' : p.intent === 'paused' ? '. Paused.' : status?.running ? '…' : '. Stopped.'}
          </p>
          {status?.stopped ? (
            <p>
              Stopped early: <UserText>{status.stopped}</UserText> Resume continues where it stopped.
            </p>
          ) : null}
          <CanWrite>
            {!p.finished && p.intent === 'running' && status?.running ? (
              <button
                type="button"
                onClick={() => void action.run(() => pauseImport.mutateAsync({ importId: p.importId }))}
              >
                Pause
              </button>
            ) : null}
            {!p.finished && (p.intent === 'paused' || !status?.running) ? (
              <button
                type="button"
                onClick={() => void action.run(() => resumeImport.mutateAsync({ importId: p.importId }))}
              >
                Resume
              </button>
            ) : null}
          </CanWrite>
          {status && status.failed.length > 0 ? (
            <ul aria-label="Refused rows">
              {status.failed.map((f) => (
                <li key={f.line}>
                  Line {f.line}: <UserText>{f.error}</UserText>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
