import Big from 'big.js'
import { sameAddress } from '../../../shared/api/address'
import { DECIMAL_PATTERN } from '../../../shared/api/amount'
import { decisionEntry } from '../audit/use-cases'
import { DeskError } from '../errors'
import type { DeskStore } from '../store'
import { policyGrantRepo, type GrantScope } from '../store/policy/policy-grant-repo'
import { AGENT_REQUESTER } from '../payouts/use-cases'
import type { PolicyEditor } from './policy-settings'
import { checkedReason } from './agent-stop'

export type { GrantScope } from '../store/policy/policy-grant-repo'

/** What a person grants: exactly the held payout, or one asset up to an amount to one address. */
export type GrantAsk = { held: true } | { held: false; asset: string; max: string; destination: string }

/**
 * A person lets one named agent payout (its idempotency key, or a held payout's key) through the policy once, bound to
 * what it grants: its asset, at most its amount, its destination. The send gate uses it in the transaction that lets
 * the payout through (`policy.grant_used`) and refuses the key sent with anything else; a second send of the same key
 * meets the policy again. `held`: the key must name a payout that waits for a person now. Audited.
 */
export function grantOnce(
  store: DeskStore,
  editor: PolicyEditor,
  key: string,
  ask: GrantAsk,
  reason: string | null,
  now = new Date(),
): void {
  const why = checkedReason(reason)
  if (!ask.held && (!DECIMAL_PATTERN.test(ask.max) || new Big(ask.max).lte(0)))
    throw new DeskError(
      'invalid_input',
      `--max is a positive decimal amount (like 0.2), not ${JSON.stringify(ask.max)}.`,
    )
  store.transaction('grant one payout', () => {
    const entry = store.outbox.get(key)
    if (ask.held && (entry?.state !== 'held' || entry.requestedBy !== AGENT_REQUESTER))
      throw new DeskError('invalid_input', `No agent payout with the key ${JSON.stringify(key)} is held now.`)
    if (store.repo(policyGrantRepo).state(key)?.state === 'unused')
      throw new DeskError('invalid_input', `The payout ${JSON.stringify(key)} already has a grant not used yet.`)
    if (entry && entry.state !== 'held' && entry.state !== 'queued' && entry.state !== 'refused')
      throw new DeskError('invalid_input', `The payout ${JSON.stringify(key)} is ${entry.state}; nothing to grant.`)
    const scope: GrantScope = ask.held
      ? { asset: entry!.body.asset, max: entry!.body.amount, destination: entry!.body.destination }
      : { asset: ask.asset.toUpperCase(), max: ask.max, destination: ask.destination }
    store.audit.append(
      decisionEntry(now, 'policy.granted', editor.actor, key, {
        by: editor.person,
        held: ask.held,
        reason: why,
        ...scope,
      }),
    )
  })
}

/** Why a payout is not what its grant names (another asset, a larger amount, another address), or null. */
export function grantMismatch(
  scope: GrantScope | null,
  payout: { asset: string; amount: string; network: string; address: string },
): string | null {
  if (!scope) return 'the grant was written by an earlier build and names no asset, amount or destination'
  if (payout.asset.toUpperCase() !== scope.asset.toUpperCase())
    return `the grant is for ${scope.asset}, this payout is ${payout.asset}`
  if (new Big(payout.amount).gt(scope.max)) return `the grant is for at most ${scope.max} ${scope.asset}`
  if (!sameAddress(payout.network, scope.destination, payout.address))
    return `the grant is for payouts to ${scope.destination}, this one goes to ${payout.address}`
  return null
}
