import { useState } from 'react'
import { ErrorBox } from '../../components/ErrorBox'
import { ScreenHead } from '../../components/ScreenHead'
import { useEscape } from '../../components/useEscape'
import { useDeskQuery } from '../../data/useDeskQuery'
import { UserText } from '../../names/UserText'
import { useNav } from '../../stores/nav'
import { asDeskError, type DeskCallError } from '../../desk'
import { useDeskMutation } from '../../data/useDeskMutation'
import { BatchImport, type BatchSource } from './BatchImport'
import { BatchProgressPanel } from './BatchProgressPanel'
import { BatchReview, type BatchCheckView } from './BatchReview'

type Step =
  | { kind: 'import' }
  | { kind: 'review'; source: BatchSource; wallet: string; check: BatchCheckView }
  | { kind: 'progress'; batchId: string }

/** Import → check and review → record and follow; nothing reaches the provider before "Record and send". */
export function BatchScreen({ onClose }: { onClose: () => void }) {
  const [step, setStep] = useState<Step>({ kind: 'import' })
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<DeskCallError | null>(null)
  const checkBatch = useDeskMutation('batch.check')
  // Escape leaves the review for the file choice, and otherwise closes the batch screen, as its buttons do.
  const panel = useEscape<HTMLDivElement>(() => (step.kind === 'review' ? setStep({ kind: 'import' }) : onClose()))

  const check = async (source: BatchSource, wallet: string) => {
    setBusy(true)
    setError(null)
    try {
      setStep({
        kind: 'review',
        source,
        wallet,
        check: await checkBatch.mutateAsync({ ...source, ...(wallet ? { wallet } : {}) }),
      })
    } catch (err) {
      setError(asDeskError(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div data-testid="batch-screen" ref={panel} tabIndex={-1}>
      <ScreenHead>
        <h1>New batch</h1>
        <span className="spacer" />
        <button type="button" onClick={onClose}>
          Close batch
        </button>
      </ScreenHead>
      {step.kind === 'import' ? <BatchImport busy={busy} onCheck={(s, w) => void check(s, w)} /> : null}
      {step.kind === 'import' ? <RecentBatches onOpen={(batchId) => setStep({ kind: 'progress', batchId })} /> : null}
      {error ? <ErrorBox error={error} title="The file could not be checked" /> : null}
      {step.kind === 'review' ? (
        <BatchReview
          source={step.source}
          wallet={step.wallet}
          check={step.check}
          onBack={() => setStep({ kind: 'import' })}
          onSubmitted={(r) => setStep({ kind: 'progress', batchId: r.batch.id })}
        />
      ) : null}
      {step.kind === 'progress' ? <BatchProgressPanel batchId={step.batchId} /> : null}
    </div>
  )
}

/** The profile's batches, newest first, to follow one that is running or export an old one's results. */
function RecentBatches({ onOpen }: { onOpen: (batchId: string) => void }) {
  const list = useDeskQuery('batch.list', {})
  const go = useNav((s) => s.go)
  if (list.error)
    return <ErrorBox error={list.error} title="Batches could not be read" onRetry={() => void list.refetch()} />
  if (!list.data?.length) return null
  return (
    <section className="panel" aria-label="Recent batches">
      <h2>Batches</h2>
      <p className="small">
        The newest 20.{' '}
        <button type="button" className="link" onClick={() => go('batches')}>
          Every batch, with its progress and results
        </button>
      </p>
      <ul>
        {list.data.slice(0, 20).map(({ batch, progress }) => (
          <li key={batch.id}>
            <button type="button" className="link" onClick={() => onOpen(batch.id)}>
              <UserText>{batch.source}</UserText>, {batch.createdAt.slice(0, 16).replace('T', ' ')}: {progress.accepted}
              /{progress.total} accepted
              {progress.refused ? `, ${progress.refused} refused` : ''} ({progress.finished ? 'finished' : batch.state})
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
