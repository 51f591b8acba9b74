import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { Profile } from '../profiles'
import { registerReadTools } from './read-tools'
import type { ToolContext } from './tool-context'
import { registerWriteTools } from './write-tools'

export interface ConnectorServerOptions {
  profile: Pick<Profile, 'name' | 'environment' | 'agentWriteTools'>
  /** A view-only profile lists read tools only, whatever its write switch says. */
  viewOnly?: boolean
  version: string
}

/** The MCP server for one profile: read tools always, write tools only when the profile allows them. */
export function createConnectorServer(ctx: ToolContext, options: ConnectorServerOptions): McpServer {
  const { profile } = options
  const writes = profile.agentWriteTools && options.viewOnly !== true
  const server = new McpServer(
    { name: 'payout-desk', version: options.version },
    {
      capabilities: { tools: { listChanged: true } },
      instructions:
        `Payout Desk, profile "${profile.name}" (${profile.environment} environment). ` +
        (options.viewOnly
          ? 'Read-only: this profile is view-only; a person at the desk can change nothing on it either.'
          : writes
            ? 'Reads, saving destinations, requesting and cancelling payouts are available. Payouts wait for a ' +
              'human to approve them in the provider console; no tool approves them.'
            : 'Read-only: write tools are off for this profile (a person can turn them on with "payout-desk ' +
              'profile set <profile> --agent-write-tools on").'),
    },
  )
  registerReadTools(server, ctx)
  if (writes) registerWriteTools(server, ctx)
  return server
}
