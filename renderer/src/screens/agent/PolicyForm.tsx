import { EscapeCloses } from '../../components/EscapeCloses'
import { Field } from '../../components/Field'
import { FIELD_LABELS, listedProblems, type DraftProblems, type PolicyDraft } from './policy-form'
import { PolicyLimitsFields } from './PolicyLimitsFields'

interface Props {
  draft: PolicyDraft
  problems: DraftProblems
  busy: boolean
  /** How long a change that allows more waits before it applies, in minutes. */
  delayMinutes: number
  edit: (patch: Partial<PolicyDraft>) => void
  onSave: () => void
  onCancel: () => void
}

/** The whole policy as fields; each problem is named beside its field and listed once more above Save. */
export function PolicyForm({ draft, problems, busy, delayMinutes, edit, onSave, onCancel }: Props) {
  const listed = listedProblems(problems)
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        onSave()
      }}
    >
      <p className="small muted">
        Every rule is optional. ASSET=AMOUNT pairs are separated by commas; * stands for every asset a rule does not
        name (*=0 refuses them).
      </p>
      <Field label={FIELD_LABELS.maxPerPayout} hint="e.g. ETH=0.5, USDC=1000" error={problems.maxPerPayout}>
        <input value={draft.maxPerPayout} onChange={(e) => edit({ maxPerPayout: e.target.value })} />
      </Field>
      <Field
        label={FIELD_LABELS.maxPerDay}
        hint="counted from the outbox; refused, discarded and cancelled payouts do not count"
        error={problems.maxPerDay}
      >
        <input value={draft.maxPerDay} onChange={(e) => edit({ maxPerDay: e.target.value })} />
      </Field>
      <Field
        label={FIELD_LABELS.maxRequestsPerHour}
        hint="request_withdrawal and create_counterparty; empty for no limit"
        error={problems.maxRequestsPerHour}
      >
        <input
          inputMode="numeric"
          value={draft.maxRequestsPerHour}
          onChange={(e) => edit({ maxRequestsPerHour: e.target.value })}
        />
      </Field>
      <Field label={FIELD_LABELS.destinations}>
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
        <Field label={FIELD_LABELS.verifiedHours} error={problems.verifiedHours}>
          <input
            inputMode="decimal"
            value={draft.verifiedHours}
            onChange={(e) => edit({ verifiedHours: e.target.value })}
          />
        </Field>
      ) : null}
      {draft.destinations === 'list' ? (
        <Field
          label={FIELD_LABELS.destinationIds}
          hint="comma-separated, as Destinations shows them"
          error={problems.destinationIds}
        >
          <input value={draft.destinationIds} onChange={(e) => edit({ destinationIds: e.target.value })} />
        </Field>
      ) : null}
      <Field label={FIELD_LABELS.holdAbove} hint="e.g. ETH=0.1" error={problems.holdAbove}>
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
        Hold an agent&apos;s first payout to a destination for a person
      </label>
      <PolicyLimitsFields draft={draft} problems={problems} edit={edit} />
      <p className="small muted" data-testid="policy-delay-note">
        A change that allows more (a higher limit, a wider window, a rule removed, a hold switched off) waits{' '}
        {delayMinutes} minutes before it applies and is shown as waiting, which you can cancel; a change that allows
        less applies at once.
      </p>
      {listed.length ? (
        <div className="field-error" role="alert" data-testid="policy-problems">
          <ul>
            {listed.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="actions">
        <EscapeCloses onClose={onCancel} />
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={busy}>
          Save policy
        </button>
      </div>
    </form>
  )
}
