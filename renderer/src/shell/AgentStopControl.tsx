import { useQueries } from '@tanstack/react-query'
import { useAction } from '../components/useAction'
import { useProfiles } from '../data/profiles'
import { useDeskMutation } from '../data/useDeskMutation'
import { deskQueryOptions } from '../data/useDeskQuery'
import { useCanWrite } from '../components/CanWrite'

const STOP_READ_EVERY_MS = 2_000

/**
 * The stop switch, in the top bar whenever an agent can write on any profile (its write tools are on): one press
 * stops every agent payout of those profiles at the send gate (new, queued and held ones), as `payout-desk agent stop`
 * does; Resume lets them through again under each policy in force. Both are audited per profile.
 */
export function AgentStopControl() {
  const { profiles } = useProfiles()
  const agents = profiles.filter((p) => p.agentWriteTools)
  const statuses = useQueries({
    // Read again every few seconds: `payout-desk agent stop` in another process announces nothing to this one, and the
    // switch is a store read (no request to the provider).
    queries: agents.map((p) =>
      deskQueryOptions('agent.stopStatus', { profileId: p.id }, { refetchInterval: STOP_READ_EVERY_MS }),
    ),
  })
  const stop = useDeskMutation('agent.stop')
  const resume = useDeskMutation('agent.resume')
  // Anyone at the desk may pull the brake; releasing it is an admin's.
  const canResume = useCanWrite(true)
  const { busy, error, run } = useAction()
  if (agents.length === 0) return null
  const stopped = agents.filter((_, i) => statuses[i]?.data?.stopped === true)
  // Any profile not known to be stopped keeps the control on Stop: a stop is never withheld for a missing answer.
  const allStopped = stopped.length === agents.length

  const press = () =>
    run(async () => {
      if (allStopped) for (const p of agents) await resume.mutateAsync({ profileId: p.id })
      else for (const p of agents) await stop.mutateAsync({ profileId: p.id, reason: null })
    })

  return (
    <span className="agent-stop" data-testid="agent-stop-control">
      {allStopped && !canResume ? null : (
        <button
          type="button"
          className={allStopped ? undefined : 'danger'}
          disabled={busy}
          aria-pressed={allStopped}
          title={
            allStopped
              ? 'Agent payouts are stopped at the send gate; Resume lets them through under the policy in force.'
              : 'Stops every agent payout at once (new, queued and held ones), until a person resumes.'
          }
          onClick={() => void press()}
        >
          {allStopped ? 'Resume agent payouts' : 'Stop agent payouts'}
        </button>
      )}
      {allStopped ? (
        <span className="chip chip-wait" role="status">
          Agent stopped
        </span>
      ) : null}
      {error ? (
        <span role="alert" className="small">
          Not done: {error.message}
        </span>
      ) : null}
    </span>
  )
}
