import type { DecisionPath } from '../../../shared/audit/activity-action'
import type { Counterparty } from '../../../shared/api/resources'
import { policyDiff } from '../../../shared/policy/policy-diff'
import { DEFAULT_POLICY, policyProblems, PolicySchema, type Policy } from '../../../shared/policy/policy-schema'
import { decisionEntry, who } from '../audit/use-cases'
import { DeskError } from '../errors'
import type { AuditEntry, DeskStore } from '../store'
import { MAX_LOOSENING_DELAY_MINUTES, policyChangeRepo } from '../store/policy/policy-change-repo'
import { policyRepo } from '../store/policy/policy-repo'
import { policyVersionsRepo, type PolicyVersion } from '../store/policy/policy-versions-repo'
import { splitChange } from './policy-loosening'
import { readPolicyInForce, type PolicyState } from './policy-state'

/** Who changes the policy: a person, in the app or with the CLI (never the connector). */
export interface PolicyEditor {
  /** `app` or `cli`: the audit log's actor. */
  actor: 'app' | 'cli'
  /** The person's account name on this computer, or their name at the desk once it has people. */
  person: string
  /**
   * Four eyes, when they apply to this profile (people at the desk and the setting on): a loosening names a second
   * person other than `person`, whose passphrase the surface checked; null when none was named.
   */
  fourEyes?: { second: string | null }
}

/** A loosening that waits for its time (policy null: a clear). */
export interface PendingPolicy {
  policy: Policy | null
  effectiveAt: string
  setBy: string
}

/** What a change did: the part in force now (null: nothing changed yet) and the part that waits. */
export interface PolicyChange {
  applied: boolean
  pending: PendingPolicy | null
}

/**
 * Reads and changes a profile's agent policy; every change is one audit row with who and when, and a kept version.
 * A change that allows less applies at once; one that allows more waits for the profile's delay (see splitChange: a
 * mixed change applies its tighter fields now and the whole policy at its time).
 */
export class PolicySettings {
  constructor(
    private readonly store: DeskStore,
    private readonly editor: PolicyEditor,
  ) {}

  show(now = new Date()): PolicyState {
    return this.store.read('read the agent policy', () => readPolicyInForce(this.store, now))
  }

  /** The loosening still waiting at `now`, if any. */
  pending(now = new Date()): PendingPolicy | null {
    return this.store.read('read the agent policy', () => this.waiting(now))
  }

  /** Every version a person set, newest first. */
  history(): PolicyVersion[] {
    return this.store.read('read the policy history', () => this.store.repo(policyVersionsRepo).list())
  }

  /**
   * Replaces the policy. Refused with every problem named when it fails its rules, or when it lists
   * a destination id that is not in `book` (the provider's destination book, read by the caller).
   */
  set(candidate: unknown, book: readonly Counterparty[] | null, now = new Date()): PolicyChange {
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
    return this.store.transaction('save the agent policy', () => this.change(policy, now))
  }

  /** Back to the default (every agent payout is held for a person); what it loosens waits like any loosening. */
  clear(now = new Date()): PolicyChange {
    return this.store.transaction('clear the agent policy', () => this.change(null, now))
  }

  /** Cancels the loosening still waiting; the policy in force stays. */
  cancelPending(now = new Date()): PendingPolicy {
    return this.store.transaction('cancel the waiting policy change', () => {
      const waiting = this.waiting(now)
      if (!waiting) throw new DeskError('invalid_input', 'No policy change is waiting for its time on this profile.')
      this.store.audit.append(this.entry(now, 'policy.pending_cancelled', { effectiveAt: waiting.effectiveAt }))
      this.store.repo(policyVersionsRepo).endPending('cancelled', now.toISOString(), this.by(), now.toISOString())
      return waiting
    })
  }

  /** The delay a loosening waits, in minutes, at `now`. */
  delayMinutes(now = new Date()): number {
    return this.store.read('read the policy delay', () =>
      this.store.repo(policyChangeRepo).delayMinutes(now.toISOString()),
    )
  }

  /** A longer delay applies at once; a shorter one is itself a loosening and waits for the delay before it. */
  setDelay(minutes: number, now = new Date()): { minutes: number; effectiveAt: string } {
    if (!Number.isInteger(minutes) || minutes < 0 || minutes > MAX_LOOSENING_DELAY_MINUTES)
      throw new DeskError(
        'invalid_input',
        `The delay is a whole number of minutes from 0 to ${MAX_LOOSENING_DELAY_MINUTES}.`,
      )
    return this.store.transaction('set the policy delay', () => {
      const before = this.store.repo(policyChangeRepo).delayMinutes(now.toISOString())
      const wait = minutes < before ? before : 0
      const effectiveAt = new Date(now.getTime() + wait * 60_000).toISOString()
      this.store.audit.append(this.entry(now, 'policy.delay_set', { minutes, before, effectiveAt }))
      return { minutes, effectiveAt }
    })
  }

  /** Inside the write transaction: the tighter part now, the rest after the delay, each kept as a version. */
  private change(target: Policy | null, now: Date): PolicyChange {
    const changes = this.store.repo(policyChangeRepo)
    const state = readPolicyInForce(this.store, now)
    // An unreadable row is compared with the last policy a person set, not with "refuse everything".
    const before = state.kind === 'unreadable' ? changes.lastSet() : state.policy
    const split = splitChange(before, target ?? DEFAULT_POLICY)
    // Until a person sets a first policy, the default holds every payout: the first one is the setup, not a change.
    const first = !changes.everSet()
    const immediate = first || split.later === null
    if (!immediate) this.requireSecond()
    const versions = this.store.repo(policyVersionsRepo)
    versions.endPending('superseded', now.toISOString(), this.by(), now.toISOString())
    const at = now.toISOString()
    if (immediate) {
      this.apply(target, before, now)
      return { applied: true, pending: null }
    }
    let inForce: Policy = before
    if (split.now) {
      this.apply(split.now, before, now)
      inForce = split.now
    }
    const effectiveAt = new Date(now.getTime() + changes.delayMinutes(at) * 60_000).toISOString()
    const diff = policyDiff(inForce, target ?? DEFAULT_POLICY)
    this.store.audit.append(this.entry(now, 'policy.pending', { policy: target, effectiveAt, changes: diff }))
    versions.add({ policy: target, setAt: at, setBy: this.by(), effectiveAt, status: 'pending', changes: diff })
    return { applied: split.now !== null, pending: { policy: target, effectiveAt, setBy: this.by() } }
  }

  /** Writes the row (or removes it) and its audit row: the policy in force from now. */
  private apply(policy: Policy | null, before: Policy, now: Date): void {
    const at = now.toISOString()
    const changes = policyDiff(before, policy ?? DEFAULT_POLICY)
    const repo = this.store.repo(policyRepo)
    if (policy === null) {
      repo.clear()
      this.store.audit.append(this.entry(now, 'policy.cleared', { changes }))
    } else {
      repo.write(policy, at, this.by())
      this.store.audit.append(this.entry(now, 'policy.set', { policy, changes }))
    }
    const version = { policy, setAt: at, setBy: this.by(), effectiveAt: at, status: 'applied' as const, changes }
    this.store.repo(policyVersionsRepo).add(version)
  }

  private waiting(now: Date): PendingPolicy | null {
    const pending = this.store.repo(policyChangeRepo).pending()
    if (pending?.kind !== 'pending' || pending.effectiveAt <= now.toISOString()) return null
    return { policy: pending.policy, effectiveAt: pending.effectiveAt, setBy: `${pending.actor} (${pending.by})` }
  }

  /** A loosening under four eyes: a second person, not the one who proposes it, stands behind it. */
  private requireSecond(): void {
    const fourEyes = this.editor.fourEyes
    if (!fourEyes) return
    const second = fourEyes.second
    if (second === null || second.trim().toLowerCase() === this.editor.person.trim().toLowerCase())
      throw new DeskError(
        'second_person_required',
        'The policy was not changed: it allows more, and four eyes are on for this profile, so a second treasurer ' +
          'or admin confirms it (--second NAME in the CLI).',
      )
  }

  private by(): string {
    return who(this.editor.actor, this.editor.person)
  }

  private entry(now: Date, path: DecisionPath, detail: Record<string, unknown>): AuditEntry {
    const second = this.editor.fourEyes?.second
    return decisionEntry(now, path, this.editor.actor, null, {
      by: this.editor.person,
      ...(second ? { second } : {}),
      ...detail,
    })
  }
}
