import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { toIpcError } from '../errors'
import type { SecretStore } from '../vault'
import { ConnectorLog } from './connector-log'
import { createConnectorServer } from './connector-server'
import { ConnectorSession } from './connector-session'

/** The longest line (one JSON-RPC message) read from the MCP client. */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024

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
    session = await ConnectorSession.open({
      dataDir: options.dataDir,
      profile: options.profile,
      secrets: options.secrets,
      now: options.now,
    })
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
      createCounterparty: (input) => session.createDestination(input),
      writeToolsAllowed: () => session.writeToolsAllowed(),
      policy: session.policy,
      onPolicyChange: (listener) => session.policyWatch.onChange(listener),
      cancelPayout: (id) => session.cancelPayout(id),
      remember: (w) => session.remember(w),
    },
    { profile, viewOnly: session.viewOnly(), version: options.version },
  )
  log.info(
    `profile "${profile.name}" (${profile.environment}, ${profile.baseUrl}); write tools ` +
      `${session.viewOnly() ? 'off (view-only profile)' : profile.agentWriteTools ? 'ON' : 'off'}`,
  )
  try {
    await session.client()
  } catch (err) {
    const e = toIpcError(err)
    log.info(`the key cannot be used yet: ${e.message} (${e.code}). Tools answer with this error until it is fixed.`)
  }
  const transport = new StdioServerTransport(
    (options.stdin ?? process.stdin) as NodeJS.ReadStream & { fd: 0 },
    (options.stdout ?? process.stdout) as NodeJS.WriteStream & { fd: 1 },
    {
      maxBufferSize: MAX_MESSAGE_BYTES,
    },
  )
  // A line that is not JSON-RPC is skipped and said here; one over the limit also closes the transport.
  transport.onerror = (err) => log.info(`could not read a message from the MCP client: ${err.message}`)
  // Only an unreadable message closes the transport on its own; a client that is done ends stdin.
  const closed = new Promise<'too large'>((resolve) => {
    transport.onclose = () => resolve('too large')
  })
  const stdinEnded = new Promise<'ended'>((resolve) =>
    (options.stdin ?? process.stdin).once('end', () => resolve('ended')),
  )
  await server.connect(transport)
  const ending = await Promise.race([closed, stdinEnded])
  await server.close()
  await session.close()
  if (ending === 'ended') return 0
  log.info(
    `stopped: a message from the MCP client was larger than ${MAX_MESSAGE_BYTES / 2 ** 20} MiB, the most one ` +
      `message may be; nothing of it was run.`,
  )
  return 1
}
