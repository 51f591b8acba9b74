import { decisionEntry } from '../audit/decision-entry'
import type { DeskStore } from '../store'
import { policyRepo } from '../store/policy/policy-repo'
import type { PolicyEditor } from './policy-settings'

/** Stops every agent payout of the profile at the send gate (new, queued, held) until a person resumes it. Audited. */
export function stopAgent(store: DeskStore, editor: PolicyEditor, reason: string | null, now = new Date()): void {
  store.transaction('stop the agent', () => {
    store.audit.append(decisionEntry(now, 'agent.stopped', editor.actor, null, { by: editor.person, reason }))
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
