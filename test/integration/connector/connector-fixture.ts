import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { ProfileKeys } from '../../../electron/core/keys/use-cases'
import { ProfileStore, type Profile } from '../../../electron/core/profiles'
import { KeyringSecretStore, Vault } from '../../../electron/core/vault'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { cli, type CliRun } from '../../harness/cli-runner'
import { simConsole, type SimConsole } from '../../harness/sim-console'

const ROOT = join(import.meta.dirname, '../../..')
const BIN = join(ROOT, 'bin/payout-desk.js')

/**
 * A simulator with one workspace of our own (two wallets, some history), a data directory and the
 * real keychain (run under test/with-keychain.sh).
 */
export interface ConnectorFixture {
  sim: RunningSimulator
  console: SimConsole
  workspaceId: string
  home: string
  keys: ProfileKeys
  /** A sandbox profile with a generated key registered in the workspace. */
  profile(name: string, options?: { writeTools?: boolean; registered?: boolean }): Promise<Profile>
  connect(profile: string, env?: Record<string, string>): Promise<Connected>
  /** Starts the connector as MCP hosts do: no `env`, so the SDK passes only its getDefaultEnvironment(). */
  connectLikeHost(profile: string): Promise<Connected>
  /** `payout-desk ARGS` in-process on this data directory, as a person at the desk runs it. */
  cli(args: string[]): Promise<CliRun>
  /** `payout-desk policy set --profile NAME ARGS`; throws unless it succeeds. No ARGS: no rule at all. */
  setPolicy(profile: string, args?: string[]): Promise<void>
  close(): Promise<void>
}

export interface Connected {
  client: Client
  stderr(): string
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>
  close(): Promise<void>
}

export async function startConnectorFixture(): Promise<ConnectorFixture> {
  const sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  const console = simConsole(sim.sandbox.url)
  const workspaceId = (await console.createWorkspace('Agent workspace')).id
  const main = await console.createWallet(workspaceId, 'Main', [ETH, USDC_POLYGON])
  await console.createWallet(workspaceId, 'Reserve', [ETH])
  await console.addTransactions({
    wallet_id: main.id,
    direction: 'in',
    asset: 'ETH',
    network: ETH.network,
    amount: '1.5',
  })
  await console.addTransactions({
    wallet_id: main.id,
    direction: 'in',
    asset: 'USDC',
    network: USDC_POLYGON.network,
    amount: '20',
  })
  await console.addTransactions({
    wallet_id: main.id,
    direction: 'out',
    asset: 'ETH',
    network: ETH.network,
    amount: '0.25',
  })
  const home = mkdtempSync(join(tmpdir(), 'connector-'))
  const keys = new ProfileKeys({ profiles: new ProfileStore(home), vault: new Vault(new KeyringSecretStore()) })
  const made: Profile[] = []
  const opened: Connected[] = []
  const open = async (profile: string, env: Record<string, string> | undefined): Promise<Connected> => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'connector', '--profile', profile, '--home', home],
      ...(env ? { env } : {}),
      stderr: 'pipe',
    })
    let stderr = ''
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    const client = new Client({ name: 'connector-test', version: '1.0.0' })
    await client.connect(transport)
    const connected: Connected = {
      client,
      stderr: () => stderr,
      call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
      close: () => client.close(),
    }
    opened.push(connected)
    return connected
  }
  return {
    sim,
    console,
    workspaceId,
    home,
    keys,
    async profile(name, options = {}) {
      let profile = await keys.create(
        { name, environment: 'sandbox', baseUrl: sim.sandbox.url, algorithm: 'ed25519' },
        options.registered !== false,
      )
      made.push(profile)
      if (options.registered !== false) {
        const publicKey = await keys.publicKey(profile.id, 'active')
        const keyId = await console.registerEd25519Key(workspaceId, publicKey.base64)
        profile = await keys.setKeyId(profile.id, keyId, 'active')
      }
      if (options.writeTools) profile = await keys.setAgentWriteTools(profile.id, true, false)
      return profile
    },
    connect(profile, env = {}) {
      // The child needs the D-Bus session of the test keychain.
      return open(profile, { ...(process.env as Record<string, string>), ...env })
    },
    connectLikeHost(profile) {
      return open(profile, undefined)
    },
    cli: (args) => cli(home, args),
    async setPolicy(profile, args = []) {
      const r = await cli(home, ['policy', 'set', '--profile', profile, ...args])
      if (r.code !== 0) throw new Error(`policy set failed: ${r.stderr}`)
    },
    async close() {
      // All at once: each close may wait 2 s for stdin's end and 2 s after SIGTERM, so one after another a file's
      // connectors could outlast the hook's 30 s under load and leave the rest running after the file.
      await Promise.all(opened.map((c) => c.close().catch(() => undefined)))
      for (const p of made) await keys.vault.deleteAll(p.id).catch(() => undefined)
      await sim.close()
      rmSync(home, { recursive: true, force: true })
    },
  }
}

export const ETH = {
  asset: 'ETH',
  network: 'ethereum-sepolia',
  amount: '10',
  available: '10',
  decimals: 18,
  usd_price: 3000,
}
export const USDC_POLYGON = { asset: 'USDC', network: 'polygon-amoy', amount: '800', available: '800', decimals: 6 }
/** A checksummed Sepolia address for destinations. */
/**
 * A test's own handle on a profile's store waits for the lock as the desk's processes do: a connector or a CLI may be
 * committing at that moment.
 */
export const LOCK_WAIT = { timeout: 15_000 }

export const DESTINATION = '0xE9800387E448B82c3064d5146CD8Bb37C2d8EE26'

/** The text of a tool result parsed as JSON. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the tool answered
export function json(result: CallToolResult): any {
  const first = result.content[0]
  if (!first || first.type !== 'text') throw new Error('the tool result has no text')
  return JSON.parse(first.text)
}

/** The connector run to its end on `input` as its whole stdin. */
export function runConnectorOnce(
  args: string[],
  input = '',
): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, 'connector', ...args], {
    encoding: 'utf8',
    input,
    env: process.env,
    timeout: 120_000,
  })
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}
