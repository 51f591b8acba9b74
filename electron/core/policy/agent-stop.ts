import { freeTextProblem } from '../../../shared/text/plain-text'
import { decisionEntry } from '../audit/use-cases'
import { DeskError } from '../errors'
import type { DeskStore } from '../store'
import { policyRepo } from '../store/policy/policy-repo'
import type { PolicyEditor } from './policy-settings'

/** Stops every agent payout of the profile at the send gate (new, queued, held) until a person resumes it. Audited. */
export function stopAgent(store: DeskStore, editor: PolicyEditor, reason: string | null, now = new Date()): void {
  const why = checkedReason(reason)
  store.transaction('stop the agent', () => {
    store.audit.append(decisionEntry(now, 'agent.stopped', editor.actor, null, { by: editor.person, reason: why }))
  })
}

/** Lets the agent's payouts through the send gate again (under the policy in force). Audited. */
export function resumeAgent(store: DeskStore, editor: PolicyEditor, now = new Date()): void {
  store.transaction('resume the agent', () => {
    store.audit.append(decisionEntry(now, 'agent.resumed', editor.actor, null, { by: editor.person }))
  })
}

/** The stop in force, if any. */
export function agentStopped(store: DeskStore): { at: string; reason: string | null } | null {
  return store.read('read the agent stop switch', () => store.repo(policyRepo).stopped())
}

export const MAX_REASON_CHARS = 500

/**
 * A reason a person gives (a stop, a grant) under the one untrusted-text rule: trimmed, at most 500 characters, no
 * character that hides, reorders or has no agreed look. Null stays null; the agent reads it as given.
 */
export function checkedReason(reason: string | null): string | null {
  if (reason === null) return null
  const problem = freeTextProblem(reason, MAX_REASON_CHARS)
  if (problem) throw new DeskError('invalid_input', `--reason ${problem}.`)
  return reason.trim()
}
