import Big from 'big.js'
import { parse } from 'csv-parse/sync'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportAccountingFile } from '../../../electron/core/history/accounting/accounting-export'
import { profileDir } from '../../../electron/core/profiles/profile-dir'
import { openProfileStore } from '../../../electron/core/session/profile-store'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { cli, cliProfile } from '../../harness/cli-runner'
import { simulatorLegs, type SimLeg } from '../../harness/ledger-fixture'
import { CRYPTIO, GENERIC_COLUMNS, QBO_THREE_COLUMNS, XERO_STATEMENT } from '../../harness/accounting-templates'
import { simConsole } from '../../harness/sim-console'

const USDC = {
  asset: 'USDC',
  network: 'ethereum-sepolia',
  amount: '100000',
  available: '100000',
  decimals: 6,
  usd_price: 1,
}
const ETH = {
  asset: 'ETH',
  network: 'ethereum-sepolia',
  amount: '100',
  available: '100',
  decimals: 18,
  usd_price: 3000,
}
const USDC_POLYGON = { ...USDC, network: 'polygon-amoy' }
const EVIL = '=HYPERLINK("http://evil")'

type Column =
  | (typeof GENERIC_COLUMNS)[number]
  | (typeof CRYPTIO)[number]
  | 'Date'
  | 'Amount'
  | 'Payee'
  | 'Description'
  | 'Reference'
  | 'Credit'
  | 'Debit'
type Row = Record<Column, string>
/** An independent reader: RFC 4180 with a header row, as the tools read the file. */
const read = (csv: string) => parse(csv, { columns: true, bom: false, relax_column_count: false }) as Row[]
const headerOf = (csv: string) => csv.slice(0, csv.indexOf('\r\n')).split(',')
const sum = (values: Iterable<string>) => [...values].reduce((s, v) => s.plus(v), new Big(0))
const ISO_DAY_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/
const DAY_FIRST = /^(\d{2})\/(\d{2})\/(\d{4})$/
const SIGNED = /^-?(0|[1-9]\d*)(\.\d+)?$/
const UNSIGNED = /^(0|[1-9]\d*)(\.\d+)?$/

/**
 * What a bank statement of one asset must add up to, straight from the simulator's legs: completed in − out − fees paid
 * in it.
 */
function statementNet(legs: SimLeg[], asset: string): { lines: number; net: Big } {
  let lines = 0
  let net = new Big(0)
  for (const l of legs) {
    if (l.status !== 'completed' || l.direction === 'internal') continue
    if (l.asset === asset) {
      lines++
      net = l.direction === 'in' ? net.plus(l.amount) : net.minus(l.amount)
    }
    if (l.direction === 'out' && l.fee !== null && !new Big(l.fee).eq(0) && (l.fee_asset ?? l.asset) === asset) {
      lines++
      net = net.minus(l.fee)
    }
  }
  return { lines, net }
}

describe("payout-desk history export --format: each preset read back by its format's rules", () => {
  let sim: RunningSimulator
  let home: string
  let workspace: string
  let walletA: string
  let walletB: string
  let legs: SimLeg[]
  const to = new Date(Date.now() - 60_000).toISOString()
  const from = new Date(Date.now() - 400 * 86_400_000).toISOString()
  const exportCsv = async (...extra: string[]) => {
    const run = await cli(home, ['history', 'export', '--profile', 'Sim', '--from', from, '--to', to, ...extra])
    expect(run.stderr).not.toMatch(/error/i)
    expect(run.code).toBe(0)
    return { csv: run.stdout, stderr: run.stderr }
  }

  /** The legs of one bank account: a wallet on a network. */
  const account = (wallet: string, network: string) =>
    legs.filter((l) => l.wallet_id === wallet && l.network === network)

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    const sandbox = simConsole(sim.sandbox.url)
    await sandbox.settings({ rate_limit_per_minute: 1_000_000 })
    workspace = (await sandbox.createWorkspace('Books')).id
    walletA = (await sandbox.createWallet(workspace, EVIL, [USDC, ETH, USDC_POLYGON])).id
    walletB = (await sandbox.createWallet(workspace, 'Reserve', [USDC])).id
    await sandbox.addTransactions({ wallet_id: walletA, generate: 120 })
    await sandbox.addTransactions({ wallet_id: walletB, generate: 40 })
    await sandbox.addTransactions({
      wallet_id: walletA,
      to_wallet_id: walletB,
      asset: 'USDC',
      network: 'ethereum-sepolia',
      amount: '12.000001',
      created_at: new Date(Date.now() - 3_600_000).toISOString(),
    })
    await sandbox.call('POST', 'transactions', {
      wallet_id: walletA,
      direction: 'out',
      asset: 'USDC',
      network: 'ethereum-sepolia',
      amount: '5',
      fee: '0.000123',
      status: 'broadcasting',
      created_at: new Date(Date.now() - 7_200_000).toISOString(),
    })
    home = await mkdtemp(join(tmpdir(), 'accounting-export-'))
    await cliProfile(home, sim.sandbox.url, (key) => sandbox.registerEd25519Key(workspace, key))
    expect((await cli(home, ['history', 'sync', '--profile', 'Sim'])).code).toBe(0)
    legs = (await simulatorLegs(sim.sandbox.url, workspace)).filter((l) => l.created_at > from && l.created_at <= to)
  })
  afterAll(async () => {
    await sim.close()
    await rm(home, { recursive: true, force: true })
  })

  it('generic: one line per booking, each wallet account nets to its balance change, own moves clear to zero, formulas defused', async () => {
    const { csv, stderr } = await exportCsv('--format', 'generic')
    expect(headerOf(csv)).toEqual(GENERIC_COLUMNS)
    const rows = read(csv)
    const completed = legs.filter((l) => l.status === 'completed' && l.direction !== 'internal')
    const fees = completed.filter((l) => l.direction === 'out' && l.fee !== null && !new Big(l.fee).eq(0))
    expect(rows).toHaveLength(completed.length + fees.length)
    expect(stderr).toMatch(/1 movements not completed or internal were left out/)
    const net = new Map<string, Big>()
    let clearing = new Big(0)
    for (const r of rows) {
      expect(r.date).toMatch(ISO_DAY_TIME)
      expect(r.time_zone).toBe('UTC')
      expect(r.amount).toMatch(UNSIGNED)
      expect(r.fiat_value).toBe('')
      const key = `${r.wallet_id}|${r.asset}`
      const own = r.entry === 'deposit' ? r.debit_account : r.credit_account
      expect(own).toMatch(/^Wallet:/)
      net.set(key, (net.get(key) ?? new Big(0))[r.entry === 'deposit' ? 'plus' : 'minus'](r.amount))
      if (r.debit_account === 'Transfers between own wallets') clearing = clearing.plus(r.amount)
      if (r.credit_account === 'Transfers between own wallets') clearing = clearing.minus(r.amount)
      if (r.entry === 'fee') expect(r.debit_account).toBe('Network fees')
    }
    expect(clearing.toFixed()).toBe('0')
    for (const [key, got] of net) {
      const [wallet, asset] = key.split('|') as [string, string]
      expect({ key, net: got.toFixed() }).toEqual({
        key,
        net: statementNet(
          legs.filter((l) => l.wallet_id === wallet),
          asset,
        ).net.toFixed(),
      })
    }
    // The wallet named like a formula: written as text wherever it appears, never as a cell starting with "=".
    expect(rows.some((r) => r.payee === `'${EVIL}`)).toBe(true)
    expect(csv.split('\r\n').some((line) => /(^|,)"?[=+@]/.test(line))).toBe(false)
  })

  it('generic in another time zone: the same moment on the local clock of that zone', async () => {
    const { csv } = await exportCsv('--format', 'generic', '--time-zone', 'Asia/Kolkata')
    const rows = read(csv)
    const byId = new Map(legs.map((l) => [l.id, l.created_at]))
    for (const r of rows.slice(0, 20)) {
      const local = new Date(Date.parse(byId.get(r.reference)!) + 5.5 * 3_600_000).toISOString()
      expect(r.date).toBe(`${local.slice(0, 10)} ${local.slice(11, 19)}`)
      expect(r.time_zone).toBe('Asia/Kolkata')
    }
  })

  it.each(['USDC', 'ETH'])("xero %s: Date day first, one signed Amount, the sum equals the ledger's", async (asset) => {
    const { csv } = await exportCsv(
      '--format',
      'xero',
      '--asset',
      asset,
      '--wallet',
      walletA,
      '--network',
      'ethereum-sepolia',
    )
    expect(headerOf(csv)).toEqual(XERO_STATEMENT)
    const rows = read(csv)
    for (const r of rows) {
      expect(r.Date).toMatch(DAY_FIRST)
      expect(r.Amount).toMatch(SIGNED)
      expect(r.Reference).not.toBe('')
    }
    const expected = statementNet(account(walletA, 'ethereum-sepolia'), asset)
    expect(rows).toHaveLength(expected.lines)
    expect(sum(rows.map((r) => r.Amount)).toFixed()).toBe(expected.net.toFixed())
  })

  it('qbo3 ETH: Date, Description, Amount; negative for money out; fees of USDC payouts on the ETH statement', async () => {
    const { csv } = await exportCsv('--format', 'qbo3', '--asset', 'ETH')
    expect(headerOf(csv)).toEqual(QBO_THREE_COLUMNS)
    const rows = read(csv)
    for (const r of rows) {
      expect(r.Date).toMatch(DAY_FIRST)
      expect(r.Amount).toMatch(SIGNED)
      expect(r.Amount).not.toMatch(/^-?0$/)
    }
    const expected = statementNet(account(walletA, 'ethereum-sepolia'), 'ETH')
    expect(rows).toHaveLength(expected.lines)
    expect(sum(rows.map((r) => r.Amount)).toFixed()).toBe(expected.net.toFixed())
    expect(rows.some((r) => r.Description.startsWith('Network fee in ETH for: Sent USDC'))).toBe(true)
  })

  it('qbo4 USDC: Credit is money out, Debit money in, both positive, exactly one per line', async () => {
    const { csv } = await exportCsv(
      '--format',
      'qbo4',
      '--asset',
      'USDC',
      '--wallet',
      walletA,
      '--network',
      'polygon-amoy',
    )
    expect(headerOf(csv)).toEqual(['Date', 'Description', 'Credit', 'Debit'])
    const rows = read(csv)
    for (const r of rows) {
      expect(r.Date).toMatch(DAY_FIRST)
      expect([r.Credit, r.Debit].filter((c) => c !== '')).toHaveLength(1)
      expect(r.Credit + r.Debit).toMatch(UNSIGNED)
    }
    const expected = statementNet(account(walletA, 'polygon-amoy'), 'USDC')
    expect(rows).toHaveLength(expected.lines)
    expect(
      sum(rows.map((r) => r.Debit || '0'))
        .minus(sum(rows.map((r) => r.Credit || '0')))
        .toFixed(),
    ).toBe(expected.net.toFixed())
  })

  it('cryptio: its 17 columns, UTC YYYY-MM-DD HH:MM:SS whatever the zone asked, one line per movement with its fee', async () => {
    const { csv } = await exportCsv('--format', 'cryptio', '--time-zone', 'America/New_York')
    expect(headerOf(csv)).toEqual(CRYPTIO)
    const rows = read(csv)
    const completed = legs.filter((l) => l.status === 'completed' && l.direction !== 'internal')
    expect(rows).toHaveLength(completed.length)
    const utc = new Set(completed.map((l) => `${l.created_at.slice(0, 10)} ${l.created_at.slice(11, 19)}`))
    for (const r of rows) {
      expect(r.transactionDate).toMatch(ISO_DAY_TIME)
      expect(utc.has(r.transactionDate)).toBe(true)
      expect(['deposit', 'withdraw']).toContain(r.orderType)
      if (r.orderType === 'deposit') expect([r.incomingAsset !== '', r.outgoingAsset]).toEqual([true, ''])
      else expect([r.outgoingAsset !== '', r.incomingAsset]).toEqual([true, ''])
    }
    for (const asset of ['USDC', 'ETH']) {
      const done = completed.filter((l) => l.asset === asset)
      expect(sum(rows.filter((r) => r.incomingAsset === asset).map((r) => r.incomingVolume)).toFixed()).toBe(
        sum(done.filter((l) => l.direction === 'in').map((l) => l.amount)).toFixed(),
      )
      expect(sum(rows.filter((r) => r.outgoingAsset === asset).map((r) => r.outgoingVolume)).toFixed()).toBe(
        sum(done.filter((l) => l.direction === 'out').map((l) => l.amount)).toFixed(),
      )
    }
    const fees = completed.filter((l) => l.direction === 'out' && l.fee !== null && !new Big(l.fee).eq(0))
    expect(sum(rows.map((r) => r.feeVolume || '0')).toFixed()).toBe(sum(fees.map((l) => l.fee!)).toFixed())
  })

  it('a bank statement is one wallet on one network: a wider request is refused naming each account, before a line is written', async () => {
    const base = [
      'history',
      'export',
      '--profile',
      'Sim',
      '--from',
      from,
      '--to',
      to,
      '--format',
      'xero',
      '--asset',
      'USDC',
    ]
    const wide = await cli(home, base)
    expect(wide).toMatchObject({ code: 1, stdout: '' })
    expect(wide.stderr).toMatch(/A bank statement is one account: "?USDC"? moved in 3 wallets and networks/)
    expect(wide.stderr).toMatch(
      new RegExp(`Reserve.{0,2} \\(wallet ${walletB}\\) on Ethereum Sepolia \\(network ethereum-sepolia\\)`),
    )
    expect(wide.stderr).toMatch(new RegExp(`\\(wallet ${walletA}\\) on Polygon Amoy \\(network polygon-amoy\\)`))
    expect(wide.stderr).toMatch(/--wallet and --network/)
    const oneWallet = await cli(home, [...base, '--wallet', walletA])
    expect(oneWallet).toMatchObject({ code: 1, stdout: '' })
    expect(oneWallet.stderr).toMatch(/moved in 2 wallets and networks/)
    for (const [wallet, network] of [
      [walletB, 'ethereum-sepolia'],
      [walletA, 'polygon-amoy'],
    ] as const) {
      const rows = read(
        (await exportCsv('--format', 'xero', '--asset', 'USDC', '--wallet', wallet, '--network', network)).csv,
      )
      expect(sum(rows.map((r) => r.Amount)).toFixed()).toBe(
        statementNet(account(wallet, network), 'USDC').net.toFixed(),
      )
    }
  })

  it('a statement format without --asset, or an unknown format, is refused with what to give', async () => {
    const none = await cli(home, [
      'history',
      'export',
      '--profile',
      'Sim',
      '--from',
      from,
      '--to',
      to,
      '--format',
      'xero',
    ])
    expect(none).toMatchObject({ code: 1, stdout: '' })
    expect(none.stderr).toMatch(/one account in one currency: choose the asset/)
    const unknown = await cli(home, [
      'history',
      'export',
      '--profile',
      'Sim',
      '--from',
      from,
      '--to',
      to,
      '--format',
      'sage',
    ])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/--format must be one of generic, xero, qbo3, qbo4, cryptio/)
  })

  it('fiat: blank without a price table; from the imported table only; a bad line refuses the whole file, naming it', async () => {
    const blank = read((await exportCsv('--format', 'generic', '--fiat', 'USD')).csv)
    expect(blank.every((r) => r.fiat_value === '' && r.fiat === '')).toBe(true)
    // USDC at 1.0001 USD every day of the period; no ETH prices at all.
    const days: string[] = []
    for (let t = Date.parse(from) - 86_400_000; t <= Date.parse(to) + 86_400_000; t += 86_400_000)
      days.push(new Date(t).toISOString().slice(0, 10))
    const good = join(home, 'prices.csv')
    await writeFile(good, ['date,asset,fiat,price', ...days.map((d) => `${d},USDC,USD,1.0001`)].join('\n'))
    const imported = await cli(home, ['history', 'prices', 'import', good, '--profile', 'Sim'])
    expect(imported.code).toBe(0)
    expect(imported.stdout).toMatch(
      new RegExp(`^Imported ${days.length} prices in USD from ${days[0]} to ${days.at(-1)}\\.\\nAudited with the `),
    )
    const bad = join(home, 'bad-prices.csv')
    await writeFile(
      bad,
      [
        'date,asset,fiat,price',
        '2026-01-01,USDC,USD,1',
        '2026-01-02,USDC,USD,1',
        '2026-02-30,USDC,USD,1',
        '2026-01-03,USDC,USD,1',
      ].join('\n'),
    )
    const refused = await cli(home, ['history', 'prices', 'import', bad, '--profile', 'Sim'])
    expect(refused).toMatchObject({ code: 1, stdout: '' })
    expect(refused.stderr).toMatch(/The price table was not imported: line 4: date "2026-02-30" is not a calendar day/)
    const { csv, stderr } = await exportCsv('--format', 'generic', '--fiat', 'USD')
    const rows = read(csv)
    for (const r of rows) {
      if (r.asset === 'USDC')
        expect([r.fiat_value, r.fiat]).toEqual([
          new Big(r.amount).times('1.0001').round(2, Big.roundHalfUp).toFixed(2),
          'USD',
        ])
      else expect([r.fiat_value, r.fiat]).toEqual(['', ''])
    }
    expect(stderr).toMatch(/lines have no price in the table, so their fiat cell is blank/)
    const rates = read((await exportCsv('--format', 'cryptio', '--fiat', 'USD')).csv)
    for (const r of rates)
      expect(
        r.incomingAsset === 'USDC' || r.outgoingAsset === 'USDC' ? r.incomingUnitRate + r.outgoingUnitRate : '1.0001',
      ).toBe('1.0001')
    expect(rates.every((r) => r.incomingTransactionValue === '' && r.outgoingTransactionValue === '')).toBe(true)
  })

  it("payees carry the destination book's labels, read from the provider before the export (a label added elsewhere too)", async () => {
    // Completed USDC payouts of one account to outside addresses (an own wallet's address is no destination).
    const outside = () =>
      (legs as Array<SimLeg & { to: { name: string | null; address: string } }>).filter(
        (l) =>
          l.direction === 'out' &&
          l.status === 'completed' &&
          l.asset === 'USDC' &&
          l.to.name === null &&
          l.wallet_id === walletA &&
          l.network === 'ethereum-sepolia',
      )
    // Another machine's profile on the same workspace adds the destination: this profile's store has never seen the
    // label.
    const other = await mkdtemp(join(tmpdir(), 'accounting-other-'))
    try {
      const register = (key: string) => simConsole(sim.sandbox.url).registerEd25519Key(workspace, key)
      await cliProfile(other, sim.sandbox.url, register, { name: 'Other' })
      const paid = outside().find((l) => l.wallet_id === walletA)!
      const added = await cli(other, [
        'destinations',
        'add',
        '--profile',
        'Other',
        '--network',
        'ethereum-sepolia',
        '--address',
        paid.to.address,
        '--type',
        'company',
        '--company-name',
        'Acme',
        '--wallet-type',
        'unhosted',
        '--country',
        'DE',
        '--label',
        'Acme Supplies',
      ])
      expect(added.stderr).toBe('')
      expect(added.code).toBe(0)
    } finally {
      await rm(other, { recursive: true, force: true })
    }
    const paidTo = outside()
    const target = paidTo.find((l) => l.wallet_id === walletA)!.to.address
    const rows = read(
      (await exportCsv('--format', 'xero', '--asset', 'USDC', '--wallet', walletA, '--network', 'ethereum-sepolia'))
        .csv,
    )
    const labelled = rows.filter((r) => r.Payee === 'Acme Supplies' && r.Amount.startsWith('-'))
    expect(labelled).toHaveLength(paidTo.filter((l) => l.to.address === target).length)
    expect(labelled[0]!.Description).toMatch(/^Sent USDC on Ethereum Sepolia to Acme Supplies \(transaction /)
  })

  it("the app's export function writes the same file as the CLI", async () => {
    const { csv } = await exportCsv(
      '--format',
      'xero',
      '--asset',
      'USDC',
      '--wallet',
      walletA,
      '--network',
      'ethereum-sepolia',
    )
    const listed = await cli(home, ['profile', 'list', '--json'])
    const profileId = (JSON.parse(listed.stdout) as Array<{ id: string; name: string }>).find(
      (p) => p.name === 'Sim',
    )!.id
    const store = openProfileStore(profileDir(home, profileId), 'test')
    try {
      const path = join(home, 'app-xero.csv')
      const done = await exportAccountingFile(
        store,
        { from, to, asset: 'USDC', walletId: walletA, network: 'ethereum-sepolia' },
        { format: 'xero' },
        path,
        new AbortController().signal,
        () => undefined,
      )
      expect(done).toEqual({ rows: statementNet(account(walletA, 'ethereum-sepolia'), 'USDC').lines, cancelled: false })
      expect(await readFile(path, 'utf8')).toBe(csv)
      // A cancel stops it between lines and leaves no file, not even a part.
      const stop = new AbortController()
      stop.abort()
      const stopped = join(home, 'stopped.csv')
      expect(
        await exportAccountingFile(store, { from, to }, { format: 'generic' }, stopped, stop.signal, () => undefined),
      ).toEqual({ rows: 0, cancelled: true })
      expect(await readdir(home)).not.toEqual(expect.arrayContaining([expect.stringMatching(/^stopped\.csv/)]))
    } finally {
      store.close()
    }
  })
})
