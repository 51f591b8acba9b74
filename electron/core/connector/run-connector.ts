import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { toIpcError } from '../errors'
import type { SecretStore } from '../vault'
import { ConnectorLog } from './connector-log'
import { createConnectorServer } from './connector-server'
import { ConnectorSession } from './connector-session'

export interface RunConnectorOptions {
  dataDir: string
  profile: string
  version: string
  stdin?: NodeJS.ReadableStream
  stdout?: NodeJS.WritableStream
  stderr?: NodeJS.WritableStream
  secrets?: SecretStore
  /** Tests only: the clock of the policy and the outbox. */
  now?: () => Date
}

/**
 * Serves MCP on stdin/stdout until the client disconnects; resolves with the exit code.
 * A profile that does not exist ends it at once (exit 2) with the reason on stderr; a missing key
 * or locked keychain does not: the tools answer with that error until it is fixed.
 */
export async function runConnector(options: RunConnectorOptions): Promise<number> {
  const stderr = options.stderr ?? process.stderr
  let session: ConnectorSession
  try {
    session = await ConnectorSession.open({ dataDir: options.dataDir, profile: options.profile, secrets: options.secrets, now: options.now })
  } catch (err) {
    const e = toIpcError(err)
    stderr.write(`payout-desk connector: ${e.message} (${e.code})\n`)
    return 2
  }
  const log = new ConnectorLog(stderr, session.audit)
  const { profile } = session
  const server = createConnectorServer(
    {
      log,
      client: () => session.client(),
      payouts: () => session.payouts(),
      writeToolsAllowed: () => session.writeToolsAllowed(),
      policy: session.policy,
      onPolicyChange: (listener) => session.policyWatch.onChange(listener),
      remember: (w) => session.remember(w),
    },
    { profile, version: options.version },
  )
  log.info(`profile "${profile.name}" (${profile.environment}, ${profile.baseUrl}); write tools ${profile.agentWriteTools ? 'ON' : 'off'}`)
  try {
    await session.client()
  } catch (err) {
    const e = toIpcError(err)
    log.info(`the key cannot be used yet: ${e.message} (${e.code}). Tools answer with this error until it is fixed.`)
  }
  const transport = new StdioServerTransport(
    (options.stdin ?? process.stdin) as NodeJS.ReadStream & { fd: 0 },
    (options.stdout ?? process.stdout) as NodeJS.WriteStream & { fd: 1 },
  )
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve
  })
  const stdinEnded = new Promise<void>((resolve) => (options.stdin ?? process.stdin).once('end', () => resolve()))
  await server.connect(transport)
  await Promise.race([closed, stdinEnded])
  await server.close()
  await session.close()
  return 0
}
