import { createRequire } from 'node:module'
import { singleCommand } from './command'

// Two folders up from both the source file and the bundle (out/cli/) is the package root.
const { version } = createRequire(import.meta.url)('../../package.json') as { version: string }

export const connectorCommand = singleCommand({
  name: 'connector',
  usage: 'connector --profile N',
  summary:
    'The local tool connector for AI agents: an MCP server on stdin/stdout for one profile. Read tools always; ' +
    'create_counterparty, request_withdrawal and cancel_withdrawal only with "profile set N ' +
    '--agent-write-tools on". Never an approval tool.',
  options: { profile: { type: 'string' } },
  required: ['profile'],
  // Loaded when asked for: the MCP SDK is most of what any other command would start with.
  run: async (ctx, v) => {
    const { runConnector } = await import('../core/connector')
    return runConnector({ dataDir: ctx.home, profile: v.profile as string, version })
  },
})
