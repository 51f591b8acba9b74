import { simConsole } from '../../harness/sim-console'
import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { setupBatchWorkspace, type BatchWorkspace } from '../../harness/batch-fixture'
import { cli, cliProfile } from '../../harness/cli-runner'

// Runs under test/with-keychain.sh: the desk's key is in a real (throwaway) Secret Service.
let sim: RunningSimulator
let ws: BatchWorkspace
let home: string
let files: string
const SCHEDULE = 'DTSTART:20261106T000000Z\\nRRULE:FREQ=WEEKLY;BYDAY=FR'
const P = ['--profile', 'Sim']

const file = async (name: string, content: string | Buffer) => {
  const path = join(files, name)
  await writeFile(path, content)
  return path
}

beforeAll(async () => {
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  ws = await setupBatchWorkspace(sim.sandbox.url)
  home = await mkdtemp(join(tmpdir(), 'run-usd-'))
  files = await mkdtemp(join(tmpdir(), 'run-usd-files-'))
  await cliProfile(home, sim.sandbox.url, (key) => simConsole(sim.sandbox.url).registerEd25519Key(ws.workspaceId, key))
})
afterAll(async () => {
  await ws.client.sender.close()
  await sim.close()
  await rm(home, { recursive: true, force: true })
  await rm(files, { recursive: true, force: true })
})

describe('pay run amounts in USD, invoices and due reminders', () => {
  it('a USD line is converted at the price table rate of the period day, shown with it, refused without one', async () => {
    const lines = `destination,amount,asset,wallet,reference\nAlice GmbH,USD 1500,USDC,${ws.walletId},Alice\nBob Ltd,20,USDC,${ws.walletId},Bob\n`
    expect(
      (
        await cli(home, [
          'run',
          'add',
          ...P,
          '--name',
          'Dollars',
          '--schedule',
          SCHEDULE,
          '--file',
          await file('usd.csv', lines),
        ])
      ).code,
    ).toBe(0)
    const prices = await file('prices.csv', 'date,asset,fiat,price\n2026-11-06,USDC,USD,0.9995\n')
    expect((await cli(home, ['history', 'prices', 'import', prices, ...P])).code).toBe(0)
    const priced = await cli(home, ['run', 'preview', 'Dollars', ...P, '--period', '2026-11-06'])
    expect(priced.code).toBe(0)
    expect(priced.stdout).toMatch(/^2 +Alice +Alice GmbH +1500.750375 USDC +USD 1500 at 0.9995 \(2026-11-06\)/m)
    const unpriced = await cli(home, ['run', 'preview', 'Dollars', ...P, '--period', '2026-11-13'])
    expect(unpriced.code).toBe(1)
    expect(unpriced.stderr).toMatch(/Line 2, amount: the price table has no USD price of USDC for 2026-11-13/)
    const send = await cli(home, ['run', 'send', 'Dollars', ...P, '--period', '2026-11-13', '--yes'])
    expect(send).toMatchObject({ code: 1, stderr: expect.stringMatching(/nothing was recorded/) })
  })

  it('run list says a due run once per period', async () => {
    const first = await cli(home, ['run', 'list', ...P])
    expect(first.stdout).toMatch(/^Dollars +2026-11-06 +overdue +2 +-$/m)
    expect(first.stdout).toMatch(/Reminder: pay run "Dollars" is overdue \(period 2026-11-06\)/)
    const second = await cli(home, ['run', 'list', ...P])
    expect(second.stdout).toMatch(/^Dollars +2026-11-06 +overdue/m)
    expect(second.stdout).not.toMatch(/Reminder/)
  })

  it("a line's invoice number belongs to the period it was sent in; attach copies the PDF, a repeat needs confirming", async () => {
    const lines = `destination,amount,asset,wallet,reference,invoice_number\nCarol SA,7,USDC,${ws.walletId},Carol,INV-1\n`
    expect(
      (
        await cli(home, [
          'run',
          'add',
          ...P,
          '--name',
          'Invoiced',
          '--schedule',
          SCHEDULE,
          '--file',
          await file('inv.csv', lines),
        ])
      ).code,
    ).toBe(0)
    const sent = await cli(home, ['run', 'send', 'Invoiced', ...P, '--yes'])
    expect(sent.code).toBe(0)
    // The next period does not repeat INV-1 (nor refuse the line for it): it has no invoice until one is given.
    const again = await cli(home, ['run', 'preview', 'Invoiced', ...P, '--period', '2026-11-13', '--json'])
    expect(again.code).toBe(0)
    expect((JSON.parse(again.stdout) as { lines: Array<{ invoiceNumber: string | null }> }).lines).toEqual([
      expect.objectContaining({ invoiceNumber: null }),
    ])

    const key = (
      JSON.parse((await cli(home, ['outbox', ...P, '--json'])).stdout) as { entries: Array<{ idempotencyKey: string }> }
    ).entries[0]!.idempotencyKey
    const pdf = Buffer.from('%PDF-1.4\n% an invoice\n')
    const path = await file('inv.pdf', pdf)
    const attach = (number: string, extra: string[] = []) =>
      cli(home, ['invoice', 'attach', key, ...P, '--file', path, '--number', number, ...extra])
    const attached = await attach('INV-9', ['--amount', '99'])
    const sha = createHash('sha256').update(pdf).digest('hex')
    expect(attached.stdout).toMatch(new RegExp(`Invoice INV-9 attached \\(sha256 ${sha}\\)`))
    expect(attached.stdout).toMatch(/the invoice says 99; the payout pays 7/)
    const profileId = (JSON.parse((await cli(home, ['profile', 'list', '--json'])).stdout) as Array<{ id: string }>)[0]!
      .id
    expect(await readFile(join(home, 'profiles', profileId, 'invoices', `${sha}.pdf`))).toEqual(pdf)

    expect(await attach('inv-9')).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/Invoice inv-9 of this payee was recorded already/),
    })
    // INV-1 is the invoice the run recorded for this very payout: its PDF is no repeat.
    expect(await attach('INV-1')).toMatchObject({ code: 0 })
    expect(await attach('INV-1')).toMatchObject({ code: 1 })
    expect((await attach('INV-9', ['--yes'])).code).toBe(0)
    const audit = JSON.parse((await cli(home, ['audit', 'list', ...P, '--json'])).stdout) as Array<{ path: string }>
    expect(audit.filter((r) => r.path === 'invoice.repeat_confirmed')).toHaveLength(1)
    expect(
      (await cli(home, ['invoice', 'attach', key, ...P, '--file', await file('x.txt', 'hello'), '--number', 'X']))
        .stderr,
    ).toMatch(/not a PDF/)
  })
})
