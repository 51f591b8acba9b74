import type { ProfileView } from '@shared/ipc/channels/profiles'
import { useCanWrite } from '../../components/CanWrite'
import { ErrorBox } from '../../components/ErrorBox'
import { Time } from '../../components/Time'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useDeskQuery } from '../../data/useDeskQuery'
import { UserText } from '../../names/UserText'

/** Read again every few seconds: `payout-desk agent stop` in another process announces nothing to this one. */
const STOP_READ_EVERY_MS = 2_000

/**
 * This profile's stop switch: stopping holds every agent payout at the send gate (new, queued and held ones) until a
 * person resumes; the top bar's switch does the same for every profile at once. Anyone may stop; only an admin
 * resumes.
 */
export function AgentStopPanel({ profile }: { profile: ProfileView }) {
  const status = useDeskQuery('agent.stopStatus', { profileId: profile.id }, { refetchInterval: STOP_READ_EVERY_MS })
  const stop = useDeskMutation('agent.stop')
  const resume = useDeskMutation('agent.resume')
  const canResume = useCanWrite(true)
  const { busy, error, run } = useAction()
  const stopped = status.data?.stopped === true
  const press = () =>
    run(async () => {
      if (stopped) await resume.mutateAsync({ profileId: profile.id })
      else await stop.mutateAsync({ profileId: profile.id, reason: null })
      await status.refetch()
    })

  return (
    <div className="panel" data-testid="agent-stop-panel">
      <h3>Stop switch</h3>
      {stopped ? (
        <p role="status">
          <span className="chip chip-wait">Agent stopped</span>{' '}
          {status.data?.at ? (
            <>
              since <Time value={status.data.at} />
            </>
          ) : null}
          {status.data?.reason ? (
            <>
              : <UserText>{status.data.reason}</UserText>
            </>
          ) : null}
        </p>
      ) : (
        <p>Agent payouts go through the send gate under the policy in force.</p>
      )}
      {stopped && !canResume ? null : (
        <button type="button" className={stopped ? undefined : 'danger'} disabled={busy} onClick={() => void press()}>
          {stopped ? 'Resume agent payouts' : 'Stop agent payouts'}
        </button>
      )}
      {error ? <ErrorBox error={error} /> : null}
    </div>
  )
}
