import Big from 'big.js'
import { parse } from 'csv-parse/sync'
import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { cli, cliProfile } from '../../harness/cli-runner'
import { CRYPTIO, GENERIC_COLUMNS, QBO_JOURNAL, XERO_MANUAL_JOURNAL } from '../../harness/accounting-templates'
import { simConsole, type SimConsole } from '../../harness/sim-console'

const SEPOLIA = 'ethereum-sepolia'
const LOCKED_SEPTEMBER = /period 2026-09 is locked/

const headerOf = (csv: string) => csv.slice(0, csv.indexOf('\r\n')).split(',')
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
const records = (csv: string) => parse(csv, { columns: true }) as Array<Record<string, string>>

/** Each journal's lines by its key column, checked balanced: its signed amounts (debit plus, credit minus) sum to 0. */
function balancedJournals(
  rows: Array<Record<string, string>>,
  key: string,
  signed: (r: Record<string, string>) => Big,
) {
  const journals = new Map<string, Array<Record<string, string>>>()
  for (const r of rows) journals.set(r[key]!, [...(journals.get(r[key]!) ?? []), r])
  for (const [name, lines] of journals) {
    expect(lines.length, name).toBeGreaterThanOrEqual(2)
    expect(lines.reduce((sum, r) => sum.plus(signed(r)), new Big(0)).eq(0), name).toBe(true)
  }
  return journals
}

/** Every day of September and October 2026 priced in USD: USDC at `usdc`, ETH at 3000. */
function priceFile(octoberUsdc: string): string {
  const lines = ['date,asset,fiat,price']
  for (let t = Date.UTC(2026, 8, 1); t < Date.UTC(2026, 10, 1); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10)
    lines.push(`${day},USDC,USD,${day.startsWith('2026-10') ? octoberUsdc : '1'}`, `${day},ETH,USD,3000`)
  }
  return lines.join('\n') + '\n'
}

/** A command that succeeded; its stderr shows in the failure when it did not. */
const ok = (r: { code: number; stderr: string }) => {
  if (r.code !== 0) throw new Error(`exit ${r.code}: ${r.stderr}`)
}

async function folder(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>()
  for (const name of (await readdir(dir)).sort()) out.set(name, await readFile(join(dir, name)))
  return out
}

describe('month-end close: prepare, lock, the same bytes again, refusals inside the lock, adjustments', () => {
  let sim: RunningSimulator
  let sandbox: SimConsole
  let home: string
  let walletId: string
  let pendingId: string
  let septemberIn: string
  const run = (...args: string[]) => cli(home, [...args, '--profile', 'Sim'])
  const file = async (name: string, text: string) => {
    const path = join(home, name)
    await writeFile(path, text)
    return path
  }

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    sandbox = simConsole(sim.sandbox.url)
    await sandbox.settings({ rate_limit_per_minute: 1_000_000 })
    const workspace = (await sandbox.createWorkspace('Close')).id
    const zero = (asset: string, decimals: number) => ({
      asset,
      network: SEPOLIA,
      amount: '0',
      available: '0',
      decimals,
    })
    walletId = (await sandbox.createWallet(workspace, 'Books', [zero('USDC', 6), zero('ETH', 18)])).id
    const move = async (spec: Record<string, string>) =>
      (await sandbox.addTransactions({ wallet_id: walletId, network: SEPOLIA, ...spec } as never))[0].id as string
    await move({ direction: 'in', asset: 'ETH', amount: '2', created_at: '2026-09-03T10:00:00.000Z' })
    septemberIn = await move({ direction: 'in', asset: 'USDC', amount: '1000', created_at: '2026-09-10T10:00:00.000Z' })
    await move({ direction: 'out', asset: 'USDC', amount: '100', fee: '0.001', created_at: '2026-09-20T10:00:00.000Z' })
    pendingId = await move({
      direction: 'out',
      asset: 'USDC',
      amount: '5',
      status: 'broadcasting',
      created_at: '2026-09-25T10:00:00.000Z',
    })
    await move({ direction: 'in', asset: 'USDC', amount: '200', created_at: '2026-10-10T10:00:00.000Z' })
    home = await mkdtemp(join(tmpdir(), 'month-end-close-'))
    await cliProfile(home, sim.sandbox.url, (key) => sandbox.registerEd25519Key(workspace, key))
    ok(await run('history', 'sync'))
    ok(await run('history', 'prices', 'import', await file('prices.csv', priceFile('1'))))
    const map = ['wallet,asset,kind,account', '*,*,incoming,Customer receipts', '*,*,outgoing,Vendor payments']
    map.push('*,*,fee,Network fees', '*,*,internal,Transfers', '*,*,suspected-poisoning,Suspense')
    ok(await run('history', 'map', 'import', await file('map.csv', map.join('\n') + '\n')))
  }, 60_000)
  afterAll(async () => {
    await sim.close()
    await rm(home, { recursive: true, force: true })
  })

  it('prepare names what stands in the way; lock refuses it until signed off, then writes the pack', async () => {
    const prep = await run('close', 'prepare', '--period', '2026-09', '--json')
    expect(prep.code).toBe(1)
    const body = JSON.parse(prep.stdout)
    expect(body).toMatchObject({ period: '2026-09', cutoff: '2026-10-01T00:00:00.000Z', clear: false })
    const notFinal = body.blockers.find((b: { kind: string }) => b.kind === 'not_final')
    expect(notFinal.items.join(' ')).toContain(pendingId)
    expect(body.blockers.map((b: { kind: string }) => b.kind)).not.toContain('unpriced')
    expect(body.blockers.map((b: { kind: string }) => b.kind)).not.toContain('unmapped')

    const out = join(home, 'pack-09')
    const refused = await run('close', 'lock', '--period', '2026-09', '--out', out)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/2026-09 was not locked/)
    const locked = await run(
      'close',
      'lock',
      '--period',
      '2026-09',
      '--out',
      out,
      '--accept-differences',
      '--note',
      'broadcasting at cutoff',
      '--cost-basis',
    )
    expect(locked.stderr).toBe('')
    ok(locked)

    const files = await folder(out)
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8'))
    expect(Object.keys(manifest)).toEqual(['period', 'cutoff', 'closed_by', 'closed_at', 'price_table_sha256', 'files'])
    expect(manifest).toMatchObject({ period: '2026-09', cutoff: '2026-10-01T00:00:00.000Z' })
    expect(manifest.price_table_sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(manifest.files.map((f: { name: string }) => f.name).sort()).toEqual(
      [...files.keys()].filter((n) => n !== 'manifest.json'),
    )
    for (const f of manifest.files) {
      const bytes = files.get(f.name)!
      expect(sha256(bytes)).toBe(f.sha256)
      expect(f.rows).toBe(bytes.toString('utf8').split('\r\n').length - 2)
    }
    const text = (name: string) => files.get(name)!.toString('utf8')
    expect(headerOf(text('movements-cryptio.csv'))).toEqual(CRYPTIO)
    expect(headerOf(text('journal-generic.csv'))).toEqual(GENERIC_COLUMNS)
    // Journals mapped to accounts in the tools' journal imports: one journal per movement, balanced, in USD.
    expect([...files.keys()].filter((n) => n.startsWith('journal-xero'))).toEqual(['journal-xero-001.csv'])
    expect(headerOf(text('journal-xero-001.csv'))).toEqual(XERO_MANUAL_JOURNAL)
    const xero = records(text('journal-xero-001.csv'))
    const xeroJournals = balancedJournals(xero, '*Narration', (r) => new Big(r['*Amount']!))
    expect(xeroJournals.size).toBe(3)
    const received = [...xeroJournals.values()].find((lines) => lines[0]!['*Date'] === '10/09/2026')!
    expect(received.map((r) => [r['*AccountCode'], r['*Amount'], r['*TaxRate']])).toEqual([
      ['Wallet:Books', '1000.00', 'Tax Exempt'],
      ['Customer receipts', '-1000.00', 'Tax Exempt'],
    ])
    expect(new Set(xero.map((r) => r['*AccountCode']))).toEqual(
      new Set(['Wallet:Books', 'Customer receipts', 'Vendor payments', 'Network fees']),
    )
    expect(headerOf(text('journal-quickbooks.csv'))).toEqual(QBO_JOURNAL)
    const qbo = records(text('journal-quickbooks.csv'))
    const qboSigned = (r: Record<string, string>) => new Big(r.Debits || '0').minus(r.Credits || '0')
    const qboJournals = balancedJournals(qbo, 'JournalNo', qboSigned)
    expect(qboJournals.size).toBe(3)
    expect(qbo.find((r) => r.AccountName === 'Vendor payments')).toMatchObject({
      JournalDate: '09/20/2026',
      Debits: '100.00',
      Credits: '',
    })
    expect(text('journal-generic.csv')).toContain('Customer receipts')
    expect(text('movements-cryptio.csv')).toContain(',USDC,1000,1,')
    expect(headerOf(text('movements-ledger.csv')).slice(-4)).toEqual([
      'payout_id',
      'idempotency_key',
      'pay_run_line',
      'invoice',
    ])
    // Holdings at the cutoff: the broadcasting payout counted out, as the roll-forward counts it.
    expect(text('holdings.csv')).toContain('USDC,895,USD,1,895.00,895.00,0,')
  })

  it('every change dated inside the locked month is refused, naming the period and the lock', async () => {
    const note = await run('history', 'note', septemberIn, '--text', 'late thought')
    const tag = await run('history', 'tag', septemberIn, '--add', 'payroll')
    const prices = await run(
      'history',
      'prices',
      'import',
      await file('prices-2.csv', priceFile('1').replace('2026-09-15,USDC,USD,1', '2026-09-15,USDC,USD,1.01')),
    )
    const map = await run('history', 'map', 'import', join(home, 'map.csv'), '--from-period', '2026-09')
    const again = await run('close', 'lock', '--period', '2026-09', '--out', join(home, 'again'))
    for (const r of [note, tag, prices, map, again]) {
      expect(r.code).toBe(1)
      expect(r.stderr).toMatch(LOCKED_SEPTEMBER)
    }
  })

  it('an export after edits elsewhere is the same bytes as the pack written at the lock', async () => {
    const octoberLeg = JSON.parse((await run('history', 'list', '--json')).stdout).find((l: { created_at: string }) =>
      l.created_at.startsWith('2026-10'),
    )
    ok(await run('history', 'note', octoberLeg.id, '--text', 'October invoice'))
    ok(await run('history', 'prices', 'import', await file('prices-3.csv', priceFile('1.02'))))
    const map = 'wallet,asset,kind,account\n*,*,incoming,Sales\n*,*,outgoing,Payables\n*,*,fee,Fees\n'
    ok(await run('history', 'map', 'import', await file('map-2.csv', map)))
    const out = join(home, 'export-09')
    ok(await run('close', 'export', '--period', '2026-09', '--out', out))
    expect(await folder(out)).toEqual(await folder(join(home, 'pack-09')))
  })

  it('a movement that became final after the lock is an adjustment of the next month, listed in its pack', async () => {
    await sandbox.legStatus(pendingId, 'completed')
    // The ledger re-reads a movement not final once its backoff (10 s at first) has passed.
    await new Promise((resolve) => setTimeout(resolve, 10_500))
    ok(await run('history', 'sync'))
    const prep = JSON.parse((await run('close', 'prepare', '--period', '2026-10', '--json')).stdout)
    expect(prep.adjustments.join(' ')).toContain(pendingId)
    const out = join(home, 'pack-10')
    const locked = await run(
      'close',
      'lock',
      '--period',
      '2026-10',
      '--out',
      out,
      '--accept-differences',
      '--note',
      'ok',
    )
    ok(locked)
    const adjustments = (await readFile(join(out, 'adjustments.csv'), 'utf8')).split('\r\n')
    expect(adjustments.filter((l) => l.startsWith(pendingId))).toHaveLength(1)
    expect(adjustments.find((l) => l.startsWith(pendingId))).toMatch(/,completed,.*,2026-09$/)
    // September's pack does not change: it still shows the payout as it was at the lock.
    const out9 = join(home, 'export-09-again')
    ok(await run('close', 'export', '--period', '2026-09', '--out', out9))
    expect(await folder(out9)).toEqual(await folder(join(home, 'pack-09')))
  }, 30_000)

  it('a movement recorded late with a time in a locked month is read by the next prepare, as its adjustment', async () => {
    const late = async (amount: string, createdAt: string) =>
      (
        await sandbox.addTransactions({
          wallet_id: walletId,
          network: SEPOLIA,
          direction: 'in',
          asset: 'USDC',
          amount,
          created_at: createdAt,
        } as never)
      )[0].id as string
    // The ledger's high-water mark moves to late November; the next two are recorded with earlier times.
    await late('1', '2026-11-25T10:00:00.000Z')
    ok(await run('history', 'sync'))
    const intoOctober = await late('7', '2026-10-20T10:00:00.000Z')
    const intoNovember = await late('8', '2026-11-02T10:00:00.000Z')
    ok(await run('history', 'sync'))
    const ledgerIds = async () =>
      (JSON.parse((await run('history', 'list', '--json')).stdout) as Array<{ id: string }>).map((l) => l.id)
    // The sync reads a few minutes below its high-water mark: a backdated entry is not in the ledger yet.
    expect(await ledgerIds()).not.toContain(intoOctober)
    expect(await ledgerIds()).not.toContain(intoNovember)

    const prep = JSON.parse((await run('close', 'prepare', '--period', '2026-11', '--json')).stdout)
    expect(prep.adjustments.filter((a: string) => a.includes(intoOctober))).toEqual([
      `${intoOctober} (in, completed, 2026-10)`,
    ])
    expect(await ledgerIds()).toEqual(expect.arrayContaining([intoOctober, intoNovember]))
    // October's pack is not rewritten.
    const out10 = join(home, 'export-10-again')
    ok(await run('close', 'export', '--period', '2026-10', '--out', out10))
    expect(await folder(out10)).toEqual(await folder(join(home, 'pack-10')))
  })

  it('history map export prints the mapping in force, for a month too, in its import header', async () => {
    const latest = await run('history', 'map', 'export')
    ok(latest)
    expect(latest.stdout).toBe(
      'wallet,asset,kind,account\r\n*,*,fee,Fees\r\n*,*,incoming,Sales\r\n*,*,outgoing,Payables\n',
    )
    const september = await run('history', 'map', 'export', '--period', '2026-09')
    expect(september.stdout).toContain('*,*,incoming,Customer receipts')
    const bad = await run(
      'history',
      'map',
      'import',
      await file('bad-map.csv', 'wallet,asset,kind,account\n*,*,refund,X\n'),
    )
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(/line 2: kind/)
  })

  it('reopening is audited with its reason and names the pack it replaces', async () => {
    const manifest = await readFile(join(home, 'pack-09', 'manifest.json'))
    const reopened = await run('close', 'reopen', '--period', '2026-09', '--reason', 'auditor asked')
    ok(reopened)
    expect(reopened.stdout).toContain(sha256(manifest))
    const list = JSON.parse((await run('close', 'list', '--json')).stdout)
    expect(list.find((r: { period: string }) => r.period === '2026-09')).toMatchObject({
      state: 'reopened',
      reason: 'auditor asked',
    })
    ok(await run('history', 'note', septemberIn, '--text', 'now allowed'))
    const audit = JSON.parse((await run('audit', 'list', '--json')).stdout) as Array<{
      path: string
      detail: Record<string, unknown> | null
    }>
    const decisions = audit.filter((r) => r.path.startsWith('close.'))
    expect(decisions.map((r) => r.path)).toEqual([
      'close.map_imported',
      'close.locked',
      'close.map_imported',
      'close.locked',
      'close.reopened',
    ])
    expect(decisions[1]!.detail).toMatchObject({ period: '2026-09', note: 'broadcasting at cutoff' })
    expect(decisions[4]!.detail).toMatchObject({
      period: '2026-09',
      replaces: sha256(manifest),
      reason: 'auditor asked',
    })
    ok(await run('audit', 'verify'))
  })
})
