import type { PolicyFieldChange } from '@shared/policy/policy-diff'

/** Words for the policy's fields; a field this build does not name shows under its own key. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  maxPerPayout: 'Most per payout',
  maxPerDay: 'Most in any 24 hours',
  maxRequestsPerHour: 'Write requests per hour',
  destinations: 'Destinations',
  holdAbove: 'Hold above',
  holdAll: 'Hold every payout',
  holdFirstPayout: 'Hold a first payout',
}

/** A policy change field by field: what it was, what it becomes. */
export function PolicyChanges({ changes, testId }: { changes: PolicyFieldChange[]; testId?: string }) {
  if (changes.length === 0) return <p className="small muted">No rule changed.</p>
  return (
    <table className="policy-changes small" data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">Rule</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.field}>
            <th scope="row">{Object.hasOwn(FIELD_WORDS, c.field) ? FIELD_WORDS[c.field] : c.field}</th>
            <td>{c.before}</td>
            <td>{c.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
