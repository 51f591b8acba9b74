import { Field } from '../../components/Field'
import type { DraftProblems, PolicyDraft } from './policy-form'

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
        {text('maxUsdPerPayout', 'Maximum USD per payout', 'e.g. 1000 or 99.50')}
        {text('maxUsdPerDay', 'Maximum USD per rolling 24 hours', 'all agent payouts together')}
        {text('maxUsdPer7Days', 'Maximum USD per rolling 7 days', 'all agent payouts together')}
      </fieldset>
      <fieldset>
        <legend>Payout counts</legend>
        {text('maxPayoutsPerHour', 'Maximum payouts per hour', 'agent payouts; empty for no limit', 'numeric')}
        {text('maxPayoutsPerDay', 'Maximum payouts per rolling 24 hours', 'empty for no limit', 'numeric')}
        {text(
          'maxNewDestinationPayoutsPerDay',
          'Maximum payouts to newly paid addresses per 24 hours',
          'destinations the agent first paid within the last 24 hours',
          'numeric',
        )}
      </fieldset>
      <fieldset>
        <legend>Payout hours</legend>
        <label className="row">
          <input type="checkbox" checked={draft.hoursOn} onChange={(e) => edit({ hoursOn: e.target.checked })} />
          Allow agent payouts only inside set hours
        </label>
        {draft.hoursOn ? (
          <>
            <div
              role="group"
              aria-label="Days of the week"
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
              <Field label="From" hint="HH:MM, included" error={problems.hoursFrom}>
                <input value={draft.hoursFrom} onChange={(e) => edit({ hoursFrom: e.target.value })} />
              </Field>
              <Field label="To" hint="HH:MM, excluded (24:00 for midnight)" error={problems.hoursTo}>
                <input value={draft.hoursTo} onChange={(e) => edit({ hoursTo: e.target.value })} />
              </Field>
              <Field label="Time zone" hint="e.g. Europe/Berlin" error={problems.hoursTimeZone}>
                <input value={draft.hoursTimeZone} onChange={(e) => edit({ hoursTimeZone: e.target.value })} />
              </Field>
            </div>
            <Field label="Outside these hours">
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
