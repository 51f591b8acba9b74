import { completenessLine } from '@shared/api/ledger-completeness'
import type { ChannelOutput } from '@shared/ipc/channels'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useAction } from '../../components/useAction'
import { ErrorBox } from '../../components/ErrorBox'
import { formatInstant } from '../../format/instant'
import { useTimeZone } from '../../stores/time-zone'

type Summary = ChannelOutput<'history.summary'>

/** The ledger's completeness line ("Synced to 12:04 · 1,000,000 movements · 3 not final") with the sync's controls. */
export function LedgerStatusLine({ summary }: { summary: Summary }) {
  const action = useAction()
  const pause = useDeskMutation('history.pause')
  const cancel = useDeskMutation('history.cancel')
  const resume = useDeskMutation('history.resume')
  const syncNow = useDeskMutation('history.sync')
  const zone = useTimeZone((s) => s.zone)
  const clock = (iso: string) => formatInstant(iso, zone) ?? iso
  const { sync, ledger } = summary
  const offline = sync.state === 'failed' || (sync.state !== 'running' && ledger.lastError !== null)
  return (
    <div className={offline ? 'notice warn ledger-status' : 'ledger-status'}>
      <p className="small" role="status" data-testid="ledger-status">
        {completenessLine(ledger, sync, clock)}
        {offline && (sync.error ?? ledger.lastError) ? (
          <span className="muted"> — {sync.error ?? ledger.lastError}</span>
        ) : null}
      </p>
      {sync.state === 'running' ? (
        <>
          <span className="muted small" data-testid="sync-rate">
            {sync.pages.toLocaleString()} pages, {Math.round(sync.rowsPerSecond).toLocaleString()} rows/s
            {/* A first sync cannot know how much history is left; a later one can. */}
            {sync.etaSeconds ? `, about ${Math.max(1, Math.round(sync.etaSeconds / 60))} min left` : ''}
          </span>
          <button type="button" disabled={action.busy} onClick={() => void action.run(() => pause.mutateAsync({}))}>
            Pause sync
          </button>
          <button type="button" disabled={action.busy} onClick={() => void action.run(() => cancel.mutateAsync({}))}>
            Cancel sync
          </button>
        </>
      ) : sync.state === 'paused' ? (
        <button type="button" disabled={action.busy} onClick={() => void action.run(() => resume.mutateAsync({}))}>
          Resume sync
        </button>
      ) : (
        <button type="button" disabled={action.busy} onClick={() => void action.run(() => syncNow.mutateAsync({}))}>
          Sync now
        </button>
      )}
      {action.error ? <ErrorBox error={action.error} title="The sync could not be controlled" /> : null}
    </div>
  )
}
