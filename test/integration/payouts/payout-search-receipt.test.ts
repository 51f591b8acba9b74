import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { extractText } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { KeyringSecretStore, Vault } from '../../../electron/core/vault'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall, setupWorkspace, type Workspace } from '../../harness/api-fixture'
import { cli } from '../../harness/cli-runner'
import { closeDeskRig, registerProfileKey } from '../../harness/ipc-desk'
import { simConsole } from '../../harness/sim-console'

/**
 * The app requests payouts (real signatures, keychain), the console completes one, and the CLI finds, notes and prints
 * it.
 */
describe('payout search, notes and receipts through IPC and the CLI', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: Workspace
  let dir: string
  let desk: Desk
  let profileId: string
  let done: { id: string; key: string; txHash: string }
  let waiting: { id: string; key: string }
  const run = (...args: string[]) => cli(dir, [...args, '--profile', 'Search'])

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    ws = await setupWorkspace(sim.sandbox.url)
    dir = await mkdtemp(join(tmpdir(), 'payout-search-'))
    desk = await createDesk({
      dataDir: dir,
      shell: 'test',
      version: '0.0.0',
      secretStore: new KeyringSecretStore(),
      chooseSavePath: async (name) => join(dir, name),
    })
    profileId = (
      await desk.router.call('profiles.create', {
        name: 'Search',
        environment: 'sandbox',
        baseUrl: sim.sandbox.url,
        algorithm: 'ed25519',
      })
    ).id
    await registerProfileKey(desk, sim.sandbox.url, ws.workspaceId, profileId)
    await desk.router.call('profiles.select', { profileId })
    const first = await desk.router.call('payouts.request', {
      ...ws.target,
      amount: '12.5',
      reference: 'INV-2026-0042 50%_off',
    })
    const second = await desk.router.call('payouts.request', { ...ws.target, amount: '3' })
    for (const action of ['approve', 'process', 'complete'] as const)
      await consoleCall(sim.sandbox.url, 'POST', `withdrawals/${first.withdrawal!.id}/${action}`)
    const completed = (await desk.router.call('withdrawals.get', { withdrawalId: first.withdrawal!.id })).withdrawal
    done = { id: completed.id, key: first.entry.idempotencyKey, txHash: completed.tx_hash! }
    waiting = { id: second.withdrawal!.id, key: second.entry.idempotencyKey }
  }, 60_000)
  afterAll(async () => {
    await new Vault(new KeyringSecretStore()).deleteAll(profileId).catch(() => undefined)
    await closeDeskRig({ desk, ws, sim, dir })
  })

  it('keeps the reference with the outbox entry and never sends it', async () => {
    expect((await desk.router.call('payouts.outbox', {})).find((e) => e.idempotencyKey === done.key)).toMatchObject({
      reference: 'INV-2026-0042 50%_off',
    })
    const log = await consoleCall<Array<{ path: string; body?: unknown }>>(sim.sandbox.url, 'GET', 'requests')
    expect(JSON.stringify(log)).not.toContain('INV-2026-0042')
    await expect(
      desk.router.call('payouts.request', { ...ws.target, amount: '1', reference: 'x'.repeat(141) }),
    ).rejects.toThrow(/reference: A reference is at most 140 characters/)
    await expect(
      desk.router.call('payouts.request', { ...ws.target, amount: '1', reference: 'ref\u202Egnp.exe' }),
    ).rejects.toThrow(/U\+202E/)
  })

  it('finds a payout by its fields from the CLI, reading search text as plain text', async () => {
    await desk.router.call('withdrawals.list', {})
    const ids = async (text: string) => {
      const r = await run('payout', 'search', text, '--json')
      expect(r.code, r.stderr).toBe(0)
      return (JSON.parse(r.stdout) as Array<{ payoutId: string }>).map((h) => h.payoutId)
    }
    for (const text of [done.id, done.key, 'inv-2026', '12.5', 'completed', done.txHash, '%_'])
      expect(await ids(text), text).toEqual([done.id])
    // Both payouts pay the same destination from the same desk.
    for (const text of ['test payee', ws.target.destination.toUpperCase(), 'usdc', 'Ethereum Sepolia', 'person'])
      expect(await ids(text), text).toEqual([waiting.id, done.id])
    expect(JSON.parse((await run('payout', 'search', '%', '--json')).stdout)).toHaveLength(1)
    expect(JSON.parse((await run('payout', 'search', 'pending approval', '--json')).stdout)).toMatchObject([
      { payoutId: waiting.id },
    ])
    const today = new Date().toISOString().slice(0, 10)
    expect(
      JSON.parse((await run('payout', 'search', '', '--from', today, '--to', today, '--json')).stdout),
    ).toHaveLength(2)
    expect(JSON.parse((await run('payout', 'search', '', '--to', '2020-01-01', '--json')).stdout)).toEqual([])
    const table = await run('payout', 'search', 'INV-2026')
    expect(table.stdout).toMatch(/REQUESTED\s+STATUS\s+AMOUNT/)
    expect(table.stdout).toContain('12.5 USDC')
    expect((await run('payout', 'search', '', '--from', 'yesterday')).stderr).toMatch(
      /Invalid search: from: a day as YYYY-MM-DD/,
    )
  })

  it('sets a note from the CLI that the app and the search see, and refuses a bad one', async () => {
    const saved = await run('payout', 'note', done.id, 'Approved by Dana on the call')
    expect(saved, saved.stderr).toMatchObject({ code: 0, stdout: `Saved the note of payout ${done.id}.\n` })
    expect(await desk.router.call('payouts.search', { text: 'dana on the call' })).toMatchObject([
      { payoutId: done.id, note: 'Approved by Dana on the call' },
    ])
    const long = await run('payout', 'note', done.key, 'x'.repeat(1001))
    expect(long).toMatchObject({ code: 1, stderr: expect.stringMatching(/A note is at most 1000 characters/) })
    expect((await run('payout', 'note', done.key, 'bad\u0007bell')).stderr).toMatch(/U\+0007/)
    await expect(desk.router.call('payouts.setNote', { ref: done.key, note: 'a\u202Eb' })).rejects.toThrow(/U\+202E/)
    expect((await desk.router.call('payouts.search', { text: done.key }))[0]!.note).toBe('Approved by Dana on the call')
  })

  it('exports the reference and the note with the payout, as CSV', async () => {
    const result = await desk.router.call('withdrawals.export', {})
    const lines = (await readFile(result.path!, 'utf8')).trimEnd().split('\r\n')
    expect(lines[0]).toMatch(/,tx_hash,reference,note,invoice$/)
    expect(lines.find((l) => l.startsWith(done.id))).toMatch(/,INV-2026-0042 50%_off,Approved by Dana on the call,$/)
    expect(lines.find((l) => l.startsWith(waiting.id))).toMatch(/,,,$/)
  })

  it('writes a receipt PDF holding the tx hash, and refuses one for a payout that is not completed', async () => {
    const out = join(dir, 'receipt.pdf')
    const r = await run('payout', 'receipt', done.key, '--out', out)
    expect(r, r.stderr).toMatchObject({ code: 0, stdout: `Wrote the receipt of payout ${done.id} to ${out}.\n` })
    const { text } = await extractText(new Uint8Array(await readFile(out)), { mergePages: true })
    const flat = text.replace(/\s+/g, '')
    for (const fact of [done.id, done.txHash, ws.target.destination, 'TestPayee', '12.5USDC', 'EthereumSepolia'])
      expect(flat).toContain(fact)
    expect(text).toMatch(/Audit row #\d+, hash\s+[0-9a-f]{8}/)

    const refused = await run('payout', 'receipt', waiting.id, '--out', join(dir, 'waiting.pdf'))
    expect(refused).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/This payout is pending approval: a receipt is made only for a completed payout/),
    })
    await writeFile(join(dir, 'taken.pdf.part'), 'someone else')
    expect((await run('payout', 'receipt', done.id, '--out', join(dir, 'taken.pdf'))).stderr).toMatch(
      /taken\.pdf\.part already exists/,
    )
    expect(await desk.router.call('payouts.receipt', { ref: done.id })).toMatchObject({
      txHash: done.txHash,
      explorerUrl: expect.stringContaining(done.txHash),
      acceptedAt: expect.any(String),
    })
  })

  it('a receipt names the destination, the paying wallet and the environment, from a CLI profile that never read the book', async () => {
    const other = await mkdtemp(join(tmpdir(), 'receipt-other-'))
    try {
      await cli(other, ['profile', 'add', '--name', 'Books', '--env', 'sandbox', '--base-url', sim.sandbox.url])
      const publicKey = /^\s+([A-Za-z0-9+/]{43}=)$/m.exec(
        (await cli(other, ['key', 'generate', '--profile', 'Books'])).stdout,
      )![1]!
      const keyId = await simConsole(sim.sandbox.url).registerEd25519Key(ws.workspaceId, publicKey)
      expect((await cli(other, ['key', 'set-id', '--profile', 'Books', '--key-id', keyId])).code).toBe(0)
      const out = join(other, 'receipt.pdf')
      const r = await cli(other, ['payout', 'receipt', done.id, '--out', out, '--profile', 'Books'])
      expect(r, r.stderr).toMatchObject({ code: 0 })
      const { text } = await extractText(new Uint8Array(await readFile(out)), { mergePages: true })
      const flat = text.replace(/\s+/g, '')
      for (const fact of [
        'DestinationTestPayee',
        `PaidfromTestwallet(wallet${ws.walletId})`,
        'EnvironmentSandbox(testmoney',
      ])
        expect(flat).toContain(fact)
    } finally {
      await rm(other, { recursive: true, force: true })
    }
    expect(await desk.router.call('payouts.receipt', { ref: done.id })).toMatchObject({
      destinationName: 'Test Payee',
      walletId: ws.walletId,
      walletName: 'Test wallet',
      environment: 'sandbox',
    })
  })
})
