import type { PolicyFieldChange } from '@shared/policy/policy-diff'
import { policyFieldWords } from '@shared/policy/policy-field-words'

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
            <th scope="row">{policyFieldWords(c.field)}</th>
            <td>{c.before}</td>
            <td>{c.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
