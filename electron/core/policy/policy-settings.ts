import type { DecisionPath } from '../../../shared/audit/activity-action'
import type { Counterparty } from '../../../shared/api/resources'
import { policyProblems, PolicySchema, type Policy, type StoredPolicy } from '../../../shared/policy/policy-schema'
import { who } from '../audit/who'
import { DeskError } from '../errors'
import { decisionEntry } from '../audit/decision-entry'
import type { AuditEntry, DeskStore } from '../store'
import { policyRepo } from '../store/policy/policy-repo'
import { policyState, type PolicyState } from './policy-state'

/** Who changes the policy: a person, in the app or with the CLI (never the connector). */
export interface PolicyEditor {
  /** `app` or `cli`: the audit log's actor. */
  actor: 'app' | 'cli'
  /** The person's account name on this computer. */
  person: string
}

/** Reads and changes a profile's agent policy; every change is one audit row with who and when. */
export class PolicySettings {
  constructor(
    private readonly store: DeskStore,
    private readonly editor: PolicyEditor,
  ) {}

  show(): PolicyState {
    return this.store.read('read the agent policy', () => policyState(this.store.repo(policyRepo).read()))
  }

  /**
   * Replaces the policy. Refused with every problem named when it fails its rules, or when it lists
   * a destination id that is not in `book` (the provider's destination book, read by the caller).
   */
  set(candidate: unknown, book: readonly Counterparty[] | null, now = new Date()): StoredPolicy {
    const problems = policyProblems(candidate)
    if (problems.length) throw new DeskError('invalid_input', `The policy was not changed: ${problems.join('; ')}.`)
    const policy: Policy = PolicySchema.parse(candidate)
    if (policy.destinations.kind === 'list') {
      if (!book)
        throw new DeskError('invalid_input', 'The destination book is needed to check the listed destination ids.')
      const known = new Set(book.map((c) => c.id))
      const missing = policy.destinations.ids.filter((id) => !known.has(id))
      if (missing.length)
        throw new DeskError(
          'invalid_input',
          `The policy was not changed: no destination has the id ${missing.join(', ')}.`,
        )
    }
    const stored = { policy, setAt: now.toISOString(), setBy: this.by() }
    this.store.transaction('save the agent policy', () => {
      this.store.repo(policyRepo).write(policy, stored.setAt, stored.setBy)
      this.store.audit.append(this.entry(now, 'policy.set', { policy }))
    })
    return stored
  }

  /** Back to the default: every agent payout is held for a person. */
  clear(now = new Date()): void {
    this.store.transaction('clear the agent policy', () => {
      this.store.repo(policyRepo).clear()
      this.store.audit.append(this.entry(now, 'policy.cleared', {}))
    })
  }

  private by(): string {
    return who(this.editor.actor, this.editor.person)
  }

  private entry(now: Date, path: DecisionPath, detail: Record<string, unknown>): AuditEntry {
    return decisionEntry(now, path, this.editor.actor, null, { by: this.editor.person, ...detail })
  }
}
