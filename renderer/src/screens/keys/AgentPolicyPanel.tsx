import { useDeskQuery } from '../../data/useDeskQuery'
import { useState } from 'react'
import type { ProfileView } from '@shared/ipc/channels/profiles'
import type { PolicyView } from '@shared/ipc/channels/policy'
import { policyProblems } from '@shared/policy/policy-schema'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'
import { draftOf, policyOf, type PolicyDraft } from './policy-form'
import { Time } from '../../components/Time'
import { EscapeCloses } from '../../components/EscapeCloses'
import { PendingPolicyChange } from './PendingPolicyChange'

/** The rules the agent's write tools obey on this profile; only a person changes them, here or with the CLI. */
export function AgentPolicyPanel({ profile }: { profile: ProfileView }) {
  const shown = useDeskQuery('policy.show', { profileId: profile.id })
  const [draft, setDraft] = useState<PolicyDraft | null>(null)
  const [problems, setProblems] = useState<string[]>([])
  const { busy, error, run } = useAction()
  const setPolicy = useDeskMutation('policy.set')
  const clearPolicy = useDeskMutation('policy.clear')

  /** Sets or clears the policy; once the core took it, the form closes and the policy shown is read again. */
  const change = (work: () => Promise<PolicyView>) =>
    run(async () => {
      await work()
      setDraft(null)
    })

  const save = (d: PolicyDraft) => {
    const candidate = policyOf(d)
    const found = 'problem' in candidate ? [candidate.problem] : policyProblems(candidate.policy)
    setProblems(found)
    if (found.length || 'problem' in candidate) return
    void change(() => setPolicy.mutateAsync({ profileId: profile.id, policy: candidate.policy }))
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
      {!draft ? (
        <div className="row">
          <button
            type="button"
            disabled={!view || busy}
            onClick={() => view && setDraft(draftOf(view.kind === 'set' ? view.policy : null))}
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
        <form
          onSubmit={(e) => {
            e.preventDefault()
            save(draft)
          }}
        >
          <p className="small muted">
            Every rule is optional. ASSET=AMOUNT pairs are separated by commas; * stands for every asset a rule does not
            name (*=0 refuses them).
          </p>
          <Field label="Maximum per payout" hint="e.g. ETH=0.5, USDC=1000">
            <input value={draft.maxPerPayout} onChange={(e) => edit({ maxPerPayout: e.target.value })} />
          </Field>
          <Field
            label="Maximum per rolling 24 hours"
            hint="counted from the outbox; refused, discarded and cancelled payouts do not count"
          >
            <input value={draft.maxPerDay} onChange={(e) => edit({ maxPerDay: e.target.value })} />
          </Field>
          <Field
            label="Maximum write requests per hour"
            hint="request_withdrawal and create_counterparty; empty for no limit"
          >
            <input
              inputMode="numeric"
              value={draft.maxRequestsPerHour}
              onChange={(e) => edit({ maxRequestsPerHour: e.target.value })}
            />
          </Field>
          <Field label="Destinations">
            <select
              value={draft.destinations}
              onChange={(e) => edit({ destinations: e.target.value as PolicyDraft['destinations'] })}
            >
              <option value="any">Any usable destination</option>
              <option value="verified_for">Only those verified at least … hours ago</option>
              <option value="list">Only these destination ids</option>
            </select>
          </Field>
          {draft.destinations === 'verified_for' ? (
            <Field label="Verified at least (hours)">
              <input
                inputMode="decimal"
                value={draft.verifiedHours}
                onChange={(e) => edit({ verifiedHours: e.target.value })}
              />
            </Field>
          ) : null}
          {draft.destinations === 'list' ? (
            <Field label="Destination ids" hint="comma-separated, as Destinations shows them">
              <input value={draft.destinationIds} onChange={(e) => edit({ destinationIds: e.target.value })} />
            </Field>
          ) : null}
          <Field label="Hold for a person above" hint="e.g. ETH=0.1">
            <input value={draft.holdAbove} onChange={(e) => edit({ holdAbove: e.target.value })} />
          </Field>
          <label className="row">
            <input type="checkbox" checked={draft.holdAll} onChange={(e) => edit({ holdAll: e.target.checked })} />
            Hold every agent payout for a person
          </label>
          <label className="row">
            <input
              type="checkbox"
              checked={draft.holdFirstPayout}
              onChange={(e) => edit({ holdFirstPayout: e.target.checked })}
            />
            Hold an agent's first payout to a destination for a person
          </label>
          {problems.length ? (
            <div className="field-error" role="alert" data-testid="policy-problems">
              <ul>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="actions">
            <EscapeCloses onClose={() => setDraft(null)} />
            <button type="button" onClick={() => setDraft(null)}>
              Cancel
            </button>
            <button type="submit" className="primary" disabled={busy}>
              Save policy
            </button>
          </div>
        </form>
      )}
      {error ? <ErrorBox error={error} title="The policy was not changed" /> : null}
    </section>
  )
}
