import { decisionEntry } from '../audit/decision-entry'
import { DeskError } from '../errors'
import type { DeskStore } from '../store'
import { policyGrantRepo } from '../store/policy/policy-grant-repo'
import { AGENT_REQUESTER } from '../payouts/send-gate'
import type { PolicyEditor } from './policy-settings'

/**
 * A person lets one named agent payout (its idempotency key, or a held payout's key) through the policy once. The
 * send gate uses it in the transaction that lets the payout through (`policy.grant_used`); a second send of the same
 * key meets the policy again. `held`: the key must name a payout that waits for a person now. Audited.
 */
export function grantOnce(
  store: DeskStore,
  editor: PolicyEditor,
  key: string,
  held: boolean,
  reason: string | null,
  now = new Date(),
): void {
  store.transaction('grant one payout', () => {
    const entry = store.outbox.get(key)
    if (held && (entry?.state !== 'held' || entry.requestedBy !== AGENT_REQUESTER))
      throw new DeskError('invalid_input', `No agent payout with the key ${JSON.stringify(key)} is held now.`)
    if (store.repo(policyGrantRepo).state(key) === 'unused')
      throw new DeskError('invalid_input', `The payout ${JSON.stringify(key)} already has a grant not used yet.`)
    if (entry && entry.state !== 'held' && entry.state !== 'queued' && entry.state !== 'refused')
      throw new DeskError('invalid_input', `The payout ${JSON.stringify(key)} is ${entry.state}; nothing to grant.`)
    store.audit.append(decisionEntry(now, 'policy.granted', editor.actor, key, { by: editor.person, held, reason }))
  })
}
