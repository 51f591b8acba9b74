import { createRequire } from 'node:module'
import { runConnector } from '../core/connector'
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
  run: (ctx, v) => runConnector({ dataDir: ctx.home, profile: v.profile as string, version }),
})
