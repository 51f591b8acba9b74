import type { ApiClient } from '../api/api-client'
import type { AgentPayouts } from './agent-payouts'
import type { ConnectorLog } from './connector-log'

/** What the tools need from the profile's core; the session provides it, tests may fake it. */
export interface ToolContext {
  log: ConnectorLog
  client(): Promise<ApiClient>
  payouts(): Promise<AgentPayouts>
  writeToolsAllowed(): Promise<boolean>
}
