import type { PolicyVersionView } from '@shared/ipc/channels/policy'
import { ErrorBox } from '../../components/ErrorBox'
import { PolicyChanges } from '../../components/PolicyChanges'
import { Time } from '../../components/Time'
import { useCurrentProfile } from '../../data/profiles'
import { useDeskQuery } from '../../data/useDeskQuery'

const STATUS_WORDS: Record<PolicyVersionView['status'], string> = {
  applied: 'in force from',
  pending: 'waits until',
  cancelled: 'cancelled; was due',
  superseded: 'replaced before its time; was due',
}

/** Every agent policy version of the open profile, newest first, each as a field-by-field diff. */
export function PolicyVersions() {
  const profile = useCurrentProfile()
  const versions = useDeskQuery('policy.history', { profileId: profile?.id ?? '' }, { enabled: profile !== null })
  if (!profile) return null
  return (
    <details className="panel" data-testid="policy-versions">
      <summary>Agent policy versions ({versions.data?.length ?? '…'})</summary>
      {versions.error ? <ErrorBox error={versions.error} title="The policy history could not be read" /> : null}
      {versions.data?.length === 0 ? <p className="small muted">No policy has been set on this profile.</p> : null}
      <ol className="policy-versions">
        {versions.data?.map((v) => (
          <li key={v.seq} data-testid="policy-version">
            <p className="small">
              {v.policy === null ? 'Cleared' : 'Set'} by {v.setBy} at <Time value={v.setAt} />
              {`, ${STATUS_WORDS[v.status]} `}
              <Time value={v.effectiveAt} />
            </p>
            <PolicyChanges changes={v.changes} />
          </li>
        ))}
      </ol>
    </details>
  )
}
