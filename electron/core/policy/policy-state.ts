import { DEFAULT_POLICY, type Policy } from '../../../shared/policy/policy-schema'
import type { DeskStore } from '../store'
import { policyChangeRepo, type PendingChange } from '../store/policy/policy-change-repo'
import { policyRepo, type PolicyRow } from '../store/policy/policy-repo'

/** The policy in force: a person's, the default (hold everything), or none usable (every request is refused). */
export type PolicyState =
  | { kind: 'default'; policy: Policy }
  | { kind: 'set'; policy: Policy; setAt: string; setBy: string }
  | { kind: 'unreadable'; problem: string }

export function policyState(row: PolicyRow): PolicyState {
  switch (row.kind) {
    case 'none':
      return { kind: 'default', policy: DEFAULT_POLICY }
    case 'set':
      return { kind: 'set', ...row.stored }
    case 'unreadable':
      return { kind: 'unreadable', problem: row.problem }
  }
}

/**
 * The policy in force at `now`: a waiting loosening whose time has come is in force from that time, decided when
 * anyone reads the policy (no process has to be awake at that moment); before it, the row a person set.
 */
export function policyInForce(row: PolicyRow, pending: PendingChange | null, now: Date): PolicyState {
  if (pending?.kind === 'unreadable') return { kind: 'unreadable', problem: pending.problem }
  if (pending && pending.effectiveAt <= now.toISOString()) {
    if (pending.policy === null) return { kind: 'default', policy: DEFAULT_POLICY }
    return {
      kind: 'set',
      policy: pending.policy,
      setAt: pending.effectiveAt,
      setBy: `${pending.actor} (${pending.by})`,
    }
  }
  return policyState(row)
}

/** The policy in force at `now`, read inside the caller's read or transaction. */
export function readPolicyInForce(store: Pick<DeskStore, 'repo'>, now: Date): PolicyState {
  return policyInForce(store.repo(policyRepo).read(), store.repo(policyChangeRepo).pending(), now)
}
