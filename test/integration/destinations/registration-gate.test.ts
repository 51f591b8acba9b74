import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Profile } from '../../../electron/core/profiles'
import { connectInProcess, type InProcessConnector } from '../../harness/in-process-connector'
import { tamperProxy } from '../../harness/tamper-proxy'
import { json, startConnectorFixture, type ConnectorFixture } from '../connector/connector-fixture'

const BIN = join(import.meta.dirname, '../../../bin/payout-desk.js')
const COUNTERPARTIES = '/api/v1/counterparties'

/** Two different EVM addresses with the same first and last 4 characters. */
const lookalikes = (tag: string): [string, string] => [
  `0x${tag}${'0'.repeat(32)}${tag}`,
  `0x${tag}${'7'.repeat(32)}${tag}`,
]

interface Exit {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * The admin CLI's gate, end to end: real processes and a real connector on one profile, the provider's creates
 * held at a proxy (a slow provider, a pacer's wait) so each registration is still under way when the other checks.
 */
describe('one gate before every registration', () => {
  let fx: ConnectorFixture
  let proxy: Awaited<ReturnType<typeof tamperProxy>>
  let profile: Profile
  let agent: InProcessConnector

  beforeAll(async () => {
    fx = await startConnectorFixture()
    proxy = await tamperProxy(fx.sim.sandbox.url)
    profile = await fx.keys.create(
      { name: 'gate', environment: 'sandbox', baseUrl: proxy.url, algorithm: 'ed25519' },
      true,
    )
    const keyId = await fx.console.registerEd25519Key(
      fx.workspaceId,
      (await fx.keys.publicKey(profile.id, 'active')).base64,
    )
    profile = await fx.keys.setKeyId(profile.id, keyId, 'active')
    profile = await fx.keys.setAgentWriteTools(profile.id, true, false)
    agent = await connectInProcess({ home: fx.home, profile: 'gate', now: () => new Date() })
  }, 120_000)
  afterAll(async () => {
    await agent?.close()
    await proxy?.close()
    await fx?.close()
  })

  /** `payout-desk ARGS` as its own process, on the profile's data directory. */
  function run(args: string[]): Promise<Exit> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, '--home', fx.home, ...args], {
        env: process.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let stdout = ''
      let stderr = ''
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')))
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')))
      child.on('error', reject)
      child.on('exit', (code) => resolve({ code, stdout, stderr }))
    })
  }

  const add = (address: string, network = 'ethereum-sepolia') =>
    run([
      'destinations',
      'add',
      '--profile',
      'gate',
      '--network',
      network,
      '--address',
      address,
      '--type',
      'company',
      '--company-name',
      'Payee',
      '--wallet-type',
      'unhosted',
      '--country',
      'DE',
    ])

  const book = async () =>
    json(await agent.call('list_counterparties')).data as Array<{ address: string; network: string }>

  /** Resolves when `n` creates wait at the proxy or `done` settled first (a registration refused before its create). */
  async function heldOr(n: number, done: Promise<unknown>): Promise<void> {
    let settled = false
    void done.then(() => (settled = true))
    while (proxy.held < n && !settled) await new Promise((r) => setTimeout(r, 20))
  }

  it('lets only one of six processes registering mutual look-alikes at once pass, each other one naming it', async () => {
    const addresses = [0, 1, 2, 3, 4, 5].map((d) => `0xabcd${String(d).repeat(32)}abcd`)
    proxy.hold = (method, path) => method === 'POST' && path === COUNTERPARTIES
    const runs = addresses.map((a) => add(a))
    let settled = 0
    for (const r of runs) void r.then(() => settled++)
    // Two creates at the provider at once (the old check-then-act), or all but one refused while its create waits.
    while (proxy.held < 2 && settled < addresses.length - 1) await new Promise((r) => setTimeout(r, 20))
    proxy.releaseHeld()
    const results = await Promise.all(runs)
    const saved = (await book()).filter((c) => addresses.includes(c.address))
    expect(saved).toHaveLength(1)
    const winner = saved[0]!.address
    const refused = results.filter((_, i) => addresses[i] !== winner)
    expect(refused.map((r) => r.code)).toEqual([1, 1, 1, 1, 1])
    for (const r of refused)
      expect(r.stderr.toLowerCase()).toContain(`looks like ${winner} on ethereum-sepolia (being registered right now`)
  }, 120_000)

  it("refuses the agent's look-alike of an import row waiting for its turn, and the row then passes", async () => {
    const [row, fake] = lookalikes('beef')
    const file = join(fx.home, 'rows.csv')
    writeFileSync(
      file,
      `network,address,counterparty_type,company_name,wallet_type,country,label\r\nethereum-sepolia,${row},company,Row Co,unhosted,DE,Row\r\n`,
    )
    proxy.hold = (method, path) => method === 'POST' && path === COUNTERPARTIES
    const importing = run(['destinations', 'import', file, '--profile', 'gate'])
    await heldOr(1, importing)
    expect(proxy.held).toBe(1)
    const answer = await agent.call('create_counterparty', {
      network: 'ethereum-sepolia',
      address: fake,
      counterparty_type: 'company',
      company_name: 'Fake Co',
      wallet_type: 'unhosted',
      country: 'DE',
    })
    proxy.releaseHeld()
    const imported = await importing
    expect(answer.isError).toBe(true)
    expect(JSON.stringify(answer.content).toLowerCase()).toContain(
      `looks like ${row} on ethereum-sepolia (being registered right now`,
    )
    expect(imported.code).toBe(0)
    const addresses = (await book()).map((c) => c.address)
    expect(addresses).toContain(row)
    expect(addresses).not.toContain(fake)
  }, 120_000)

  it('compares EVM addresses across networks and refuses an own deposit address of any EVM network', async () => {
    const [known, fake] = lookalikes('cafe')
    expect((await add(known, 'ethereum-sepolia')).code).toBe(0)
    const refused = await add(fake, 'polygon-amoy')
    expect(refused.code).not.toBe(0)
    expect(refused.stderr.toLowerCase()).toContain(`looks like ${known} on ethereum-sepolia (in the destination book`)
    // The same account on another EVM network is the same party: saved.
    expect((await add(known, 'polygon-amoy')).code).toBe(0)

    const wallets = json(await agent.call('list_wallets')).data as Array<{
      name: string
      deposit_addresses: Array<{ network: string; address: string }>
    }>
    const reserve = wallets
      .find((w) => w.name === 'Reserve')!
      .deposit_addresses.find((d) => d.network === 'ethereum-sepolia')!.address
    const own = await agent.call('create_counterparty', {
      network: 'polygon-amoy',
      address: reserve.toLowerCase(),
      counterparty_type: 'company',
      company_name: 'Us',
      wallet_type: 'unhosted',
      country: 'DE',
    })
    expect(own.isError).toBe(true)
    expect(JSON.stringify(own.content)).toContain("this workspace's own deposit address")
    expect(
      (await book()).some((c) => c.network === 'polygon-amoy' && c.address.toLowerCase() === reserve.toLowerCase()),
    ).toBe(false)
  }, 120_000)
})
