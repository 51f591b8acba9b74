import { readFile } from 'node:fs/promises'
import Big from 'big.js'
import { parse } from 'csv-parse/sync'
import type { TransactionLeg } from '../../shared/api/resources'
import { consoleGet, consolePost, expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'
import { moreFilters, openExportMenu } from '../harness/e2e-filters'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

test.use({ timezoneId: 'America/Bogota' })

type SimLeg = TransactionLeg & { workspace_id: string }

test('the export panel writes an accounting preset: the format chosen, an asset for a statement, fiat from an imported price table', async ({
  app,
  sim,
}) => {
  test.setTimeout(120_000)
  const { page } = app
  await onWallets(page)
  const [first] = await app.desk.router.call('wallets.list', {})
  await consolePost(sim.sandbox.url, '/transactions', { wallet_id: first!.id, generate: 60 })
  const legs = (await consoleGet<SimLeg[]>(sim.sandbox.url, '/transactions')).filter(
    (l) => l.workspace_id === 'ws-demo',
  )
  await openSection(page, 'Transactions')
  await expect(page.getByTestId('ledger-status')).toContainText(`${legs.length.toLocaleString('en-US')} movements`, {
    timeout: 60_000,
  })

  // A bank statement is one account in one currency: the start button waits for an asset.
  await openExportMenu(page)
  await page.getByLabel('Format').selectOption('qbo3')
  const start = page.getByRole('button', { name: 'Export as QuickBooks Online, 3 columns' })
  await expect(start).toBeDisabled()
  await expect(page.getByTestId('export-panel')).toContainText('choose an asset in the filters first')
  // ... and one account: a wallet on one network (the statement's running balance is that account's).
  const { asset, network } = first!.balances[0]!
  const filters = page.getByRole('search', { name: 'Filter transactions' })
  await filters.getByLabel('Asset').selectOption(asset)
  await filters.getByLabel('Wallet').selectOption(first!.id)
  await moreFilters(page)
  await filters.getByLabel('Network').selectOption(network)
  await start.click()
  const result = page.getByTestId('export-result')
  await expect(result).toContainText('Exported ')
  const qbo = await readFile((await result.textContent())!.replace(/^Exported \d+ rows to /, ''), 'utf8')
  const rows = parse(qbo, { columns: true }) as Array<{ Date: string; Description: string; Amount: string }>
  expect(qbo.slice(0, qbo.indexOf('\r\n'))).toBe('Date,Description,Amount')
  let net = new Big(0)
  for (const l of legs) {
    if (l.status !== 'completed' || l.direction === 'internal' || l.wallet_id !== first!.id || l.network !== network)
      continue
    if (l.asset === asset) net = l.direction === 'in' ? net.plus(l.amount) : net.minus(l.amount)
    if (l.direction === 'out' && l.fee !== null && (l.fee_asset ?? l.asset) === asset && !new Big(l.fee).eq(0))
      net = net.minus(l.fee)
  }
  for (const r of rows) expect(r.Date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/)
  expect(rows.reduce((s, r) => s.plus(r.Amount), new Big(0)).toFixed()).toBe(net.toFixed())

  // The price table: a bad line refuses the whole file, naming the line; a good one fills the fiat column.
  await page.getByLabel('Format').selectOption('generic')
  const prices = page.getByLabel('Price table (CSV: date, asset, fiat, price)')
  await prices.setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('date,asset,fiat,price\n2026-01-01,USDC,USD,1\n2026-01-02,USDC,USD,one\n'),
  })
  await expect(page.getByTestId('price-table').getByRole('alert')).toContainText(
    'line 3: price "one" is not a positive decimal',
  )
  const days = [
    ...new Set(
      legs.flatMap((l) =>
        [-1, 0, 1].map((d) => new Date(Date.parse(l.created_at) + d * 86_400_000).toISOString().slice(0, 10)),
      ),
    ),
  ]
  const table = ['date,asset,fiat,price', ...days.map((d) => `${d},${asset},EUR,2`)].join('\n')
  await prices.setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(table) })
  await expect(page.getByTestId('price-table')).toContainText(`${days.length} prices in EUR`)
  await page.getByLabel('Fiat value').selectOption('EUR')
  await snap(page, 'accounting-export')
  await page.getByRole('button', { name: 'Export as Generic double-entry CSV' }).click()
  await expect(result).toContainText('Exported ')
  const generic = parse(await readFile((await result.textContent())!.replace(/^Exported \d+ rows to /, ''), 'utf8'), {
    columns: true,
  }) as Array<Record<string, string>>
  expect(generic.length).toBeGreaterThan(0)
  for (const r of generic) {
    expect(r.time_zone).toBe('America/Bogota')
    expect(r.fiat_value).toBe(new Big(r.amount!).times(2).toFixed(2))
  }
})
