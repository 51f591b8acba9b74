import { Field } from '../../components/Field'
import { FIELD_LABELS, type DraftProblems, type PolicyDraft } from './policy-form'

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

interface Props {
  draft: PolicyDraft
  problems: DraftProblems
  edit: (patch: Partial<PolicyDraft>) => void
}

/** The policy's USD limits across assets, payout counts and payout hours: empty or off means no such rule. */
export function PolicyLimitsFields({ draft, problems, edit }: Props) {
  const text = (field: keyof PolicyDraft & `max${string}`, label: string, hint: string, mode = 'decimal') => (
    <Field label={label} hint={hint} error={problems[field]}>
      <input
        inputMode={mode as 'decimal' | 'numeric'}
        value={draft[field] as string}
        onChange={(e) => edit({ [field]: e.target.value })}
      />
    </Field>
  )
  const toggleDay = (day: number, on: boolean) =>
    edit({ hoursDays: on ? [...draft.hoursDays, day] : draft.hoursDays.filter((d) => d !== day) })
  return (
    <>
      <fieldset>
        <legend>Limits in USD, across assets</legend>
        <p className="small muted">
          Each payout is valued through the profile&apos;s price table at the rate of its day; an asset with no rate
          that day is refused. Empty: no such limit.
        </p>
        {text('maxUsdPerPayout', FIELD_LABELS.maxUsdPerPayout, 'e.g. 1000 or 99.50')}
        {text('maxUsdPerDay', FIELD_LABELS.maxUsdPerDay, 'all agent payouts together')}
        {text('maxUsdPer7Days', FIELD_LABELS.maxUsdPer7Days, 'all agent payouts together')}
      </fieldset>
      <fieldset>
        <legend>Payout counts</legend>
        {text('maxPayoutsPerHour', FIELD_LABELS.maxPayoutsPerHour, 'agent payouts; empty for no limit', 'numeric')}
        {text('maxPayoutsPerDay', FIELD_LABELS.maxPayoutsPerDay, 'empty for no limit', 'numeric')}
        {text(
          'maxNewDestinationPayoutsPerDay',
          FIELD_LABELS.maxNewDestinationPayoutsPerDay,
          'destinations the agent first paid within the last 24 hours',
          'numeric',
        )}
      </fieldset>
      <fieldset>
        <legend>{FIELD_LABELS.hoursOn}</legend>
        <label className="row">
          <input type="checkbox" checked={draft.hoursOn} onChange={(e) => edit({ hoursOn: e.target.checked })} />
          Allow agent payouts only inside set hours
        </label>
        {draft.hoursOn ? (
          <>
            <div
              role="group"
              aria-label={FIELD_LABELS.hoursDays}
              aria-describedby={problems.hoursDays ? 'policy-hours-days-error' : undefined}
              className="row"
            >
              {DAYS.map((d, i) => (
                <label key={d} className="row" title={DAY_NAMES[i]}>
                  <input
                    type="checkbox"
                    aria-label={DAY_NAMES[i]}
                    checked={draft.hoursDays.includes(i + 1)}
                    onChange={(e) => toggleDay(i + 1, e.target.checked)}
                  />
                  {d}
                </label>
              ))}
            </div>
            {problems.hoursDays ? (
              <span id="policy-hours-days-error" className="field-error">
                {problems.hoursDays}
              </span>
            ) : null}
            <div className="row">
              <Field label={FIELD_LABELS.hoursFrom} hint="HH:MM, included" error={problems.hoursFrom}>
                <input value={draft.hoursFrom} onChange={(e) => edit({ hoursFrom: e.target.value })} />
              </Field>
              <Field label={FIELD_LABELS.hoursTo} hint="HH:MM, excluded (24:00 for midnight)" error={problems.hoursTo}>
                <input value={draft.hoursTo} onChange={(e) => edit({ hoursTo: e.target.value })} />
              </Field>
              <Field label={FIELD_LABELS.hoursTimeZone} hint="e.g. Europe/Berlin" error={problems.hoursTimeZone}>
                <input value={draft.hoursTimeZone} onChange={(e) => edit({ hoursTimeZone: e.target.value })} />
              </Field>
            </div>
            <Field label={FIELD_LABELS.hoursOutside}>
              <select
                value={draft.hoursOutside}
                onChange={(e) => edit({ hoursOutside: e.target.value as PolicyDraft['hoursOutside'] })}
              >
                <option value="hold">Hold the payout for a person</option>
                <option value="refuse">Refuse the payout</option>
              </select>
            </Field>
            {draft.moreWindows.length ? (
              <p className="small muted">
                {draft.moreWindows.length} more {draft.moreWindows.length === 1 ? 'window' : 'windows'} set with the CLI
                or a policy file {draft.moreWindows.length === 1 ? 'is' : 'are'} kept as they are.
              </p>
            ) : null}
          </>
        ) : null}
      </fieldset>
    </>
  )
}
