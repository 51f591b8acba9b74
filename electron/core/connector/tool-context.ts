import type { CreateCounterparty } from '../../../shared/api/requests'
import type { Counterparty, Withdrawal } from '../../../shared/api/resources'
import type { ApiClient } from '../api/api-client'
import type { AgentPolicy } from '../policy/use-cases'
import type { AgentPayouts } from '../policy/use-cases'
import type { ConnectorLog } from './connector-log'

/** What the tools need from the profile's core; the session provides it, tests may fake it. */
export interface ToolContext {
  log: ConnectorLog
  client(): Promise<ApiClient>
  payouts(): Promise<AgentPayouts>
  /** Saves a destination through the look-alike guard; a look-alike is refused, never accepted for an agent. */
  createCounterparty(input: CreateCounterparty): Promise<{ counterparty: Counterparty; alreadyExists: boolean }>
  writeToolsAllowed(): Promise<boolean>
  policy: AgentPolicy
  /** Fires when a person changed the policy (in any process). */
  onPolicyChange(listener: () => void): () => void
  /** Cancels a payout through the use case every surface shares (the cancelled row is kept in the store). */
  cancelPayout(withdrawalId: string): Promise<Withdrawal>
  /** Keeps a payout's latest status in the store. */
  remember(withdrawal: Withdrawal): void
}
