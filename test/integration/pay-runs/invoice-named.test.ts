import { parse } from 'csv-parse/sync'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
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

/**
 * An invoice attached to a completed payout is named wherever the payout is accounted for: the receipt (app and PDF),
 * the payout CSV and every accounting format; its untrusted number goes through the CSV cell rule.
 */
describe('invoices named on receipts and in exports', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: Workspace
  let dir: string
  let desk: Desk
  let profileId: string
  let paid: { id: string; key: string }
  const NUMBER = '=INV-7'
  const run = (...args: string[]) => cli(dir, [...args, '--profile', 'Books'])

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    ws = await setupWorkspace(sim.sandbox.url)
    dir = await mkdtemp(join(tmpdir(), 'invoice-named-'))
    desk = await createDesk({
      dataDir: dir,
      shell: 'test',
      version: '0.0.0',
      secretStore: new KeyringSecretStore(),
      chooseSavePath: async (name) => join(dir, name),
    })
    const profile = { name: 'Books', environment: 'sandbox', baseUrl: sim.sandbox.url, algorithm: 'ed25519' } as const
    profileId = (await desk.router.call('profiles.create', profile)).id
    await registerProfileKey(desk, sim.sandbox.url, ws.workspaceId, profileId)
    await desk.router.call('profiles.select', { profileId })
    const requested = await desk.router.call('payouts.request', { ...ws.target, amount: '1450' })
    for (const action of ['approve', 'process', 'complete'] as const)
      await consoleCall(sim.sandbox.url, 'POST', `withdrawals/${requested.withdrawal!.id}/${action}`)
    await desk.router.call('withdrawals.get', { withdrawalId: requested.withdrawal!.id })
    paid = { id: requested.withdrawal!.id, key: requested.entry.idempotencyKey }
    const pdf = join(dir, 'inv.pdf')
    await writeFile(pdf, '%PDF-1.4\n% an invoice\n')
    const attached = await run('invoice', 'attach', paid.key, '--file', pdf, '--number', NUMBER, '--amount', '1500')
    expect(attached, attached.stderr).toMatchObject({ code: 0 })
  }, 60_000)
  afterAll(async () => {
    await new Vault(new KeyringSecretStore()).deleteAll(profileId).catch(() => undefined)
    await closeDeskRig({ desk, ws, sim, dir })
  })

  it('the receipt names the invoice, with the sum it asks when it differs from the payout', async () => {
    const receipt = await desk.router.call('payouts.receipt', { ref: paid.id })
    expect(receipt.invoices).toEqual([
      {
        number: NUMBER,
        amount: '1500',
        dueDate: null,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        amountNote: 'Invoice =INV-7 says 1,500.00 USDC; this payout is 1,450.00 USDC',
      },
    ])
    const out = join(dir, 'receipt.pdf')
    expect((await run('payout', 'receipt', paid.key, '--out', out)).code).toBe(0)
    const { text } = await extractText(new Uint8Array(await readFile(out)), { mergePages: true })
    expect(text).toMatch(/Invoice\s*=INV-7 \(amount 1500, PDF sha256\s+[0-9a-f]{8}/)
  })

  it('an invoice number that hides or reorders text is refused', async () => {
    const pdf = join(dir, 'inv.pdf')
    const refused = await run('invoice', 'attach', paid.key, '--file', pdf, '--number', 'INV\u202E8', '--yes')
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringMatching(/U\+202E/) })
  })

  it('the payout CSV has an invoice column, its cell defused', async () => {
    const result = await desk.router.call('withdrawals.export', {})
    const lines = (await readFile(result.path!, 'utf8')).trimEnd().split('\r\n')
    expect(lines[0]).toMatch(/,reference,note,invoice$/)
    expect(lines.find((l) => l.startsWith(paid.id))).toMatch(/,'=INV-7$/)
  })

  it('every accounting format names the invoice in its description', async () => {
    const from = new Date(Date.now() - 86_400_000).toISOString()
    const to = new Date().toISOString()
    expect((await run('history', 'sync')).code).toBe(0)
    const columns = { generic: 'description', xero: 'Description', qbo3: 'Description', cryptio: 'note' } as const
    for (const [format, column] of Object.entries(columns)) {
      const asset = format === 'generic' ? [] : ['--asset', 'USDC']
      const exported = await run('history', 'export', '--from', from, '--to', to, '--format', format, ...asset)
      expect(exported, exported.stderr).toMatchObject({ code: 0 })
      const rows = parse(exported.stdout, { columns: true }) as Array<Record<string, string>>
      expect(rows.map((r) => r[column]).filter((d) => d!.startsWith('Sent'))).toEqual([
        expect.stringMatching(/^Sent USDC on .* to Test Payee; invoice =INV-7( \(transaction |$)/),
      ])
    }
  })

  it("the app attaches an invoice as the CLI does; the payout's detail says when the sums differ", async () => {
    expect(await desk.router.call('invoices.ofPayout', { ref: paid.id })).toEqual([
      expect.objectContaining({
        number: NUMBER,
        amountNote: 'Invoice =INV-7 says 1,500.00 USDC; this payout is 1,450.00 USDC',
      }),
    ])
    const base64 = Buffer.from('%PDF-1.4\n% the second invoice\n').toString('base64')
    const attach = (number: string, confirmRepeat = false) =>
      desk.router.call('invoices.attach', {
        ref: paid.id,
        base64,
        number,
        amount: '1450',
        due: '2026-12-01',
        confirmRepeat,
      })
    expect(await attach('INV-8')).toMatchObject({ number: 'INV-8', dueDate: '2026-12-01', amountNote: null })
    await expect(attach('=inv-7')).rejects.toMatchObject({ code: 'confirmation_required' })
    expect(await attach('=inv-7', true)).toMatchObject({ number: '=inv-7', amountNote: null })
    expect((await desk.router.call('invoices.ofPayout', { ref: paid.key })).map((i) => i.number)).toEqual([
      NUMBER,
      'INV-8',
      '=inv-7',
    ])
    await expect(
      desk.router.call('invoices.attach', {
        ref: paid.id,
        base64: 'aGVsbG8=',
        number: 'X',
        amount: null,
        due: null,
        confirmRepeat: false,
      }),
    ).rejects.toThrow(/not a PDF/)
  })

  it("the run preview says when a line's invoice asks another sum, on the CLI and in the app", async () => {
    const lines = join(dir, 'vendors.csv')
    await writeFile(
      lines,
      'destination,amount,asset,wallet,reference,invoice_number,invoice_amount\n' +
        `${ws.target.destination},1450,USDC,${ws.walletId},Vendor,INV-9,1500\n`,
    )
    const schedule = 'DTSTART:20261106T000000Z\nRRULE:FREQ=WEEKLY;BYDAY=FR'
    const added = await run('run', 'add', '--name', 'Vendors', '--schedule', schedule, '--file', lines)
    expect(added, added.stderr).toMatchObject({ code: 0 })
    const note = 'Invoice INV-9 says 1,500.00 USDC; this payout is 1,450.00 USDC'
    expect((await run('run', 'preview', 'Vendors')).stdout).toContain(`Line 2: ${note}.`)
    const preview = await desk.router.call('payRuns.preview', { name: 'Vendors' })
    expect(preview.lines.map((l) => l.invoiceNote)).toEqual([note])
  })
})
