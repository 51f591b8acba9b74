import type { PendingPolicyView } from '@shared/ipc/channels/policy'
import { ErrorBox } from '../../components/ErrorBox'
import { PolicyChanges } from '../../components/PolicyChanges'
import { Time } from '../../components/Time'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'
import { CanWrite } from '../../components/CanWrite'

/**
 * A change that allows more waits for the profile's delay: shown beside the policy in force with what it changes,
 * and a person can cancel it before its time.
 */
export function PendingPolicyChange({ profileId, pending }: { profileId: string; pending: PendingPolicyView }) {
  const cancel = useDeskMutation('policy.cancelPending')
  const { busy, error, run } = useAction()
  return (
    <div className="notice warn" role="region" aria-label="Waiting policy change" data-testid="policy-pending">
      <p>
        {pending.policy === null ? 'A clear' : 'A change'} that allows more waits until{' '}
        <Time value={pending.effectiveAt} /> (set by {pending.setBy}); the rules above stay in force until then.
      </p>
      <PolicyChanges changes={pending.changes} />
      <CanWrite admin>
        <button type="button" disabled={busy} onClick={() => void run(() => cancel.mutateAsync({ profileId }))}>
          Cancel waiting change
        </button>
      </CanWrite>
      {error ? <ErrorBox error={error} title="The waiting change was not cancelled" /> : null}
    </div>
  )
}
