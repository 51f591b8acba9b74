import type { ApiClient } from '../api/api-client'
import { AGENT_REQUESTER, SendGate } from '../payouts/use-cases'
import { ProfileStore, type Profile } from '../profiles'
import type { DeskStore } from '../store'
import { AgentPolicy } from './agent-policy'
import { agentSendRule } from './agent-send-rule'

/**
 * The send gate of an open profile, for every process that sends (the app, the connector, the CLI): the profile's
 * environment, its destinations as the provider and the store know them now, and, for the agent's payouts, the
 * policy and the write switch read at the moment of sending.
 */
export function profileSendGate(store: DeskStore, client: ApiClient, profile: Profile, dataDir: string): SendGate {
  const profiles = new ProfileStore(dataDir)
  const agent = agentSendRule({
    store,
    client,
    policy: new AgentPolicy(store, AGENT_REQUESTER),
    writeToolsOn: async () => (await profiles.get(profile.id)).agentWriteTools,
  })
  return new SendGate({ store, client, profile: () => profile, agent })
}
