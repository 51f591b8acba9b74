import { useQueryClient } from '@tanstack/react-query'
import { useCanWrite } from '../../components/CanWrite'
import { ScreenHead } from '../../components/ScreenHead'
import { BackLink } from '../../components/BackLink'
import { useEscape } from '../../components/useEscape'
import { markOld } from '../../data/desk-events'
import { NEW_BATCH_VIEW, useNav } from '../../stores/nav'
import { BatchProgressPanel } from './BatchProgressPanel'
import { BatchList } from './BatchList'
import { BatchScreen } from './BatchScreen'

/**
 * Batches as things the profile keeps: every batch recorded on this computer (by the app, the CLI or the connector,
 * which write the same store), its progress, pause, resume, cancel, rows and results. Read from the store, so the
 * list is the same after a reload or a restart.
 */
export function BatchesScreen() {
  const detailId = useNav((s) => s.detailId)
  const view = useNav((s) => s.view)
  const go = useNav((s) => s.go)
  const canWrite = useCanWrite()
  const client = useQueryClient()
  if (canWrite && view === NEW_BATCH_VIEW)
    return (
      <BatchScreen
        onClose={() => {
          // Back to Payouts, where the batch was begun; the rows a batch sent are read whole again there.
          void markOld(client, ['withdrawals.list'])
          go('payouts')
        }}
      />
    )
  if (detailId) return <BatchDetail batchId={detailId} onClose={() => go('batches')} />
  return (
    <div>
      <ScreenHead>
        <h1>Batches</h1>
      </ScreenHead>
      <p className="muted small">
        Every batch of this profile, whichever process recorded it: the app, the command line or the agent&apos;s
        connector.
      </p>
      <BatchList onOpen={(batchId) => go('batches', batchId)} />
    </div>
  )
}

/** One batch's rows and results; Escape goes back to the list, as the back button does. */
function BatchDetail({ batchId, onClose }: { batchId: string; onClose: () => void }) {
  const heading = useEscape<HTMLHeadingElement>(onClose)
  return (
    <div>
      <ScreenHead>
        <BackLink label="Batches" onBack={onClose} />
        <h1 ref={heading} tabIndex={-1}>
          Batch
        </h1>
      </ScreenHead>
      <BatchProgressPanel batchId={batchId} />
    </div>
  )
}
