import { useState } from 'react'
import type { ProfileView } from '@shared/ipc/channels/profiles'
import type { PolicyView } from '@shared/ipc/channels/policy'
import { DEFAULT_POLICY, type Policy } from '@shared/policy/policy-schema'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ErrorBox } from '../../components/ErrorBox'
import { Time } from '../../components/Time'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useDeskQuery } from '../../data/useDeskQuery'
import { draftOf, policyOf, type DraftProblems, type PolicyDraft } from './policy-form'
import { PendingPolicyChange } from './PendingPolicyChange'
import { PolicyBacktestPanel } from './PolicyBacktestPanel'
import { PolicyForm } from './PolicyForm'
import { useCanWrite } from '../../components/CanWrite'

/** The rules the agent's write tools obey on this profile; only a person changes them, here or with the CLI. */
export function AgentPolicyPanel({ profile }: { profile: ProfileView }) {
  const shown = useDeskQuery('policy.show', { profileId: profile.id })
  const [draft, setDraft] = useState<PolicyDraft | null>(null)
  const [problems, setProblems] = useState<DraftProblems>({})
  /** A policy the person saves while a change waits: saving replaces the waiting change, so it is asked first. */
  const [replacing, setReplacing] = useState<Policy | null>(null)
  /** What the last save did: in force now, or waiting until its time (a change that allows more). */
  const [saved, setSaved] = useState<PolicyView | null>(null)
  const { busy, error, run } = useAction()
  const canAdmin = useCanWrite(true)
  const setPolicy = useDeskMutation('policy.set')
  const clearPolicy = useDeskMutation('policy.clear')

  /** Sets or clears the policy; once the core took it, the form closes and the policy shown is read again. */
  const change = (work: () => Promise<PolicyView>) =>
    run(async () => {
      setSaved(await work())
      setDraft(null)
    })

  const commit = (policy: Policy) => {
    setReplacing(null)
    void change(() => setPolicy.mutateAsync({ profileId: profile.id, policy }))
  }

  const save = (d: PolicyDraft) => {
    const read = policyOf(d)
    setProblems('problems' in read ? read.problems : {})
    if ('problems' in read) return
    if (shown.data?.pending) setReplacing(read.policy)
    else commit(read.policy)
  }

  const view = shown.data
  const edit = (patch: Partial<PolicyDraft>) => setDraft((d) => (d ? { ...d, ...patch } : d))

  return (
    <section className="panel" aria-label="Agent policy">
      <h3>Agent policy</h3>
      {shown.error ? (
        <ErrorBox error={shown.error} title="The policy could not be read" onRetry={() => void shown.refetch()} />
      ) : null}
      {view ? (
        <>
          <p className="small muted" data-testid="policy-origin">
            {view.kind === 'set' ? (
              <>
                Set by {view.setBy}
                {view.setAt ? (
                  <>
                    {' at '}
                    <Time value={view.setAt} />
                  </>
                ) : null}
                .
              </>
            ) : view.kind === 'default' ? (
              'No policy set: the default applies.'
            ) : (
              'The stored policy cannot be read; every agent request is refused.'
            )}
          </p>
          <ul data-testid="policy-rules">
            {view.rules.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
          {view.pending ? <PendingPolicyChange profileId={profile.id} pending={view.pending} /> : null}
        </>
      ) : null}
      {!canAdmin ? null : !draft ? (
        <div className="row">
          <button
            type="button"
            // Not while the policy is read again after a save: the form would start from the policy it replaced.
            disabled={!view || busy || shown.isFetching}
            onClick={() => {
              if (!view) return
              setSaved(null)
              setProblems({})
              // The form starts from the policy in force: with none set that is the default, which holds every
              // payout; an unreadable one refuses everything, so the form starts from the default too.
              setDraft(draftOf(view.policy ?? DEFAULT_POLICY))
            }}
          >
            Edit policy
          </button>
          <button
            type="button"
            disabled={busy || view?.kind === 'default'}
            onClick={() => void change(() => clearPolicy.mutateAsync({ profileId: profile.id }))}
          >
            Clear (hold every payout)
          </button>
        </div>
      ) : (
        <>
          <PolicyForm
            draft={draft}
            problems={problems}
            busy={busy}
            delayMinutes={view?.delayMinutes ?? 60}
            edit={edit}
            onSave={() => save(draft)}
            onCancel={() => setDraft(null)}
          />
          <PolicyBacktestPanel profileId={profile.id} draft={draft} />
        </>
      )}
      {/* Said once after a save; a waiting change someone cancelled since is no longer announced. */}
      {saved && !draft && (!saved.pending || view?.pending) ? (
        <p className="notice good" role="status" data-testid="policy-saved">
          {saved.pending ? (
            <>
              Saved. This change allows more, so it waits until <Time value={saved.pending.effectiveAt} />; the rules
              above stay in force until then.
            </>
          ) : (
            'Saved; the rules above are in force now.'
          )}
        </p>
      ) : null}
      {replacing && view?.pending ? (
        <ConfirmDialog
          title="Replace the waiting change?"
          confirmLabel="Save and replace it"
          busy={busy}
          onConfirm={() => commit(replacing)}
          onClose={() => setReplacing(null)}
        >
          <p>
            A change set by {view.pending.setBy} waits until <Time value={view.pending.effectiveAt} />. Saving this
            policy replaces it: the waiting change will not apply.
          </p>
        </ConfirmDialog>
      ) : null}
      {error ? <ErrorBox error={error} title="The policy was not changed" /> : null}
    </section>
  )
}
