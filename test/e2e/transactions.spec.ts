import { readFile } from 'node:fs/promises'
import Big from 'big.js'
import type { Page } from '@playwright/test'
import { amountKey } from '../../shared/api/amount-key'
import { findNetwork } from '../../shared/api/networks'
import type { TransactionLeg, Wallet } from '../../shared/api/resources'
import { type App, consoleGet, consolePost, expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'
import { moreFilters, openExportMenu } from '../harness/e2e-filters'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

// Local time five hours behind UTC all year (no daylight saving), so a field read in the wrong zone selects other rows.
test.use({ timezoneId: 'America/Bogota' })

type SimLeg = TransactionLeg & { workspace_id: string }

/** Every leg of the demo workspace as the simulator holds it: what the screen is checked against. */
async function simLegs(simUrl: string): Promise<SimLeg[]> {
  return (await consoleGet<SimLeg[]>(simUrl, '/transactions')).filter((l) => l.workspace_id === 'ws-demo')
}

/**
 * Quick start, then 260 more movements in the first wallet, a 0.001 move to the second (two legs, one id) and a
 * deposit of 7.77 still `broadcasting`; the screen opens and its sync reads all of it into the ledger.
 */
async function withHistory(app: App, simUrl: string): Promise<{ first: Wallet; broadcasting: SimLeg; legs: SimLeg[] }> {
  await onWallets(app.page)
  const wallets = await app.desk.router.call('wallets.list', {})
  const [first, second] = [wallets[0]!, wallets[1] ?? wallets[0]!]
  await consolePost(simUrl, '/transactions', { wallet_id: first.id, generate: 260 })
  const bal = first.balances[0]!
  await consolePost(simUrl, '/transactions', {
    wallet_id: first.id,
    to_wallet_id: second.id,
    asset: bal.asset,
    network: bal.network,
    amount: '0.001',
  })
  const [broadcasting] = (await consolePost(simUrl, '/transactions', {
    wallet_id: first.id,
    direction: 'in',
    asset: bal.asset,
    network: bal.network,
    amount: '7.77',
    status: 'broadcasting',
  })) as SimLeg[]
  const legs = await simLegs(simUrl)
  await openSection(app.page, 'Transactions')
  await expect(app.page.getByTestId('ledger-status')).toContainText(`Synced to`, { timeout: 60_000 })
  await expect(app.page.getByTestId('ledger-status')).toContainText(
    `${legs.length.toLocaleString('en-US')} movements · 1 not final`,
  )
  return { first, broadcasting: broadcasting!, legs }
}

/** Scrolls the table to its end until every row of the filter is loaded, and checks how many there are. */
async function expectAllRows(page: Page, expected: number): Promise<void> {
  const scroller = page.getByTestId('tx-scroll')
  await expect(async () => {
    if (expected > 0) await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight))
    await expect(page.getByTestId('tx-count')).toHaveText(`${expected.toLocaleString('en-US')} loaded (all)`, {
      timeout: 500,
    })
  }).toPass({ intervals: [100], timeout: 30_000 })
}

const after = (iso: string) => (l: SimLeg) => Date.parse(l.created_at) > Date.parse(iso)
const until = (iso: string) => (l: SimLeg) => Date.parse(l.created_at) <= Date.parse(iso)

test('the Transactions screen reads the synced ledger: completeness, scrolling, wallet column, explorer links, detail', async ({
  app,
  sim,
}) => {
  test.setTimeout(120_000)
  const { page } = app
  const { legs } = await withHistory(app, sim.sandbox.url)
  const table = page.getByRole('table', { name: 'Transactions' })
  await expect(page.getByTestId('tx-count')).toHaveText('200 loaded')
  await expect(table.getByRole('columnheader', { name: 'Wallet' })).toBeVisible()
  await snap(page, 'transactions')
  await expectAllRows(page, legs.length)

  // The newest row's hash and counterpart link to the network's explorer (a testnet's own).
  await page.getByTestId('tx-scroll').evaluate((el) => el.scrollTo(0, 0))
  const newest = [...legs]
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
    .find((l) => l.tx_hash && l.network === 'ethereum-sepolia')
  if (newest) {
    await page.getByLabel('Search').fill(newest.tx_hash!)
    await expect(table.getByRole('link', { name: /^Open transaction / }).first()).toHaveAttribute(
      'href',
      `https://sepolia.etherscan.io/tx/${newest.tx_hash}`,
    )
    await expect(table.getByRole('link', { name: /^Open address / }).first()).toHaveAttribute(
      'href',
      /^https:\/\/sepolia\.etherscan\.io\/address\/0x/,
    )
    await page.getByRole('button', { name: 'Clear filters' }).click()
  }

  // The own-wallet move: two legs under one id, both from the ledger with the time the provider said so.
  const move = legs.find((l) => l.amount === '0.001')!
  await page.getByLabel('Search').fill(move.id)
  await expect(page.getByTestId('tx-count')).toHaveText('2 loaded (all)')
  // The recorded time: the row's middle may be a link of its own.
  await table.getByRole('row').nth(1).getByRole('cell').first().click()
  const detail = page.getByTestId('tx-detail')
  await expect(detail).toContainText(move.id)
  await expect(detail.getByTestId('tx-leg')).toHaveCount(2)
  await expect(detail).toContainText('Read from the provider')
  await snap(page, 'transaction-detail')
})

test('every filter combines on the ledger; the search finds a hash, an address and an id; a leg not final becomes completed', async ({
  app,
  sim,
}) => {
  test.setTimeout(150_000)
  const { page } = app
  const { first, broadcasting, legs } = await withHistory(app, sim.sandbox.url)
  const table = page.getByRole('table', { name: 'Transactions' })
  const bal = first.balances[0]!

  await page.getByRole('search', { name: 'Filter transactions' }).getByLabel('Wallet').selectOption(first.id)
  await expect(table.getByRole('columnheader', { name: 'Wallet' })).toHaveCount(0)
  await page.getByRole('search', { name: 'Filter transactions' }).getByLabel('Direction').selectOption('in')
  await page.getByRole('search', { name: 'Filter transactions' }).getByLabel('Asset').selectOption(bal.asset)
  await moreFilters(page)
  await page.getByRole('search', { name: 'Filter transactions' }).getByLabel('Network').selectOption(bal.network)
  let expected = legs.filter(
    (l) => l.wallet_id === first.id && l.direction === 'in' && l.asset === bal.asset && l.network === bal.network,
  )
  await expectAllRows(page, expected.length)

  await page.getByLabel('Smallest amount').fill('0.5')
  await page.getByLabel('Largest amount').fill('250')
  expected = expected.filter((l) => amountKey(l.amount) >= amountKey('0.5') && amountKey(l.amount) <= amountKey('250'))
  await expectAllRows(page, expected.length)

  // The recorded-time range typed in UTC; switching to local time rewrites the fields, never the rows.
  await page.getByTestId('time-zone-toggle').click()
  const times = expected.map((l) => l.created_at).sort()
  const [from, to] = [times[Math.floor(times.length / 4)]!, times[Math.floor((times.length * 3) / 4)]!]
  const fromSecond = `${from.slice(0, 19)}.000Z`
  const toSecond = `${to.slice(0, 19)}.000Z`
  await page.getByLabel('Recorded after (UTC)').fill(from.slice(0, 19))
  await page.getByLabel('Recorded until (UTC)').fill(to.slice(0, 19))
  expected = expected.filter(after(fromSecond)).filter(until(toSecond))
  await expectAllRows(page, expected.length)
  await snap(page, 'transactions-filtered')
  await page.getByTestId('time-zone-toggle').click()
  const local = new Date(Date.parse(fromSecond) - 5 * 3_600_000).toISOString().slice(0, 19)
  await expect(page.getByLabel('Recorded after (local time)')).toHaveValue(local)
  await expectAllRows(page, expected.length)

  // An amount that is not a plain decimal clears the rows and says why.
  await page.getByLabel('Smallest amount').fill('1,5')
  await expect(page.getByText('A plain decimal number, like 1250.5 (no separators).')).toBeVisible()
  await expect(table).toHaveCount(0)
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expectAllRows(page, legs.length)

  // Search: the start of a tx hash (any case), part of an outside address, the start of a transaction id.
  const hashed = legs.find((l) => l.tx_hash && l.tx_hash.startsWith('0x'))!
  const search = page.getByLabel('Search')
  await search.fill(hashed.tx_hash!.slice(0, 18).toUpperCase())
  await expectAllRows(
    page,
    legs.filter((l) => l.tx_hash?.toLowerCase().startsWith(hashed.tx_hash!.slice(0, 18).toLowerCase())).length,
  )
  const deposit = legs.find((l) => l.direction === 'in' && l.from.name === null && l.from.address.length > 20)!
  const piece = deposit.from.address.slice(6, 20)
  await search.fill(piece)
  const byAddress = legs.filter((l) =>
    `${l.from.name ?? ''} ${l.from.address} ${l.to.name ?? ''} ${l.to.address}`
      .toLowerCase()
      .includes(piece.toLowerCase()),
  )
  await expectAllRows(page, byAddress.length)
  await search.fill(deposit.id.slice(0, 13))
  await expectAllRows(page, legs.filter((l) => l.id.startsWith(deposit.id.slice(0, 13))).length)
  await search.fill('no-such-movement-anywhere')
  await expect(
    page.getByRole('heading', { name: 'No movements in any wallet, matching “no-such-movement-anywhere”' }),
  ).toBeVisible()
  await search.fill('')

  // Legs still moving: one, until the provider completes it and a sync reads the new status.
  await moreFilters(page)
  await page.getByRole('search', { name: 'Filter transactions' }).getByLabel('Status').selectOption('not_final')
  await expectAllRows(page, 1)
  await expect(table.getByRole('row').nth(1)).toContainText('broadcasting')
  await consolePost(sim.sandbox.url, `/transactions/${broadcasting.id}/status`, { status: 'completed' })
  await page.getByRole('button', { name: 'Sync now' }).click()
  await expect(page.getByRole('heading', { name: 'No movements in any wallet, not final' })).toBeVisible({
    timeout: 30_000,
  })
  await expect(page.getByTestId('ledger-status')).not.toContainText('not final')
})

test('reconciliation report and CSV export from the ledger: sums equal the simulator’s own, the file holds the filter’s rows', async ({
  app,
  sim,
}) => {
  test.setTimeout(120_000)
  const { page } = app
  const { first, legs } = await withHistory(app, sim.sandbox.url)
  const bal = first.balances[0]!

  await page.getByRole('button', { name: 'Reconciliation report' }).click()
  const panel = page.getByTestId('report-panel')
  await page.getByTestId('time-zone-toggle').click()
  await panel.getByLabel('Period after (UTC)').fill('2000-01-01T00:00:00')
  await panel.getByRole('button', { name: 'Build report' }).click()
  await expect(panel.getByTestId('report-once')).toHaveText(
    `Each of the ${legs.length.toLocaleString()} (id, direction) pairs is counted exactly once.`,
  )
  const mine = legs.filter((l) => l.wallet_id === first.id && l.asset === bal.asset && l.network === bal.network)
  const sum = (d: string) =>
    mine
      .filter((l) => l.direction === d)
      .reduce((s, l) => s.plus(l.amount), new Big(0))
      .toFixed()
  const row = panel
    .getByRole('table', { name: 'Totals per wallet, asset and network' })
    .getByRole('row')
    .filter({ hasText: first.name })
    .filter({ has: page.getByRole('cell', { name: bal.asset, exact: true }) })
    .filter({ has: page.getByRole('cell', { name: findNetwork(bal.network)!.name, exact: true }) })
  await expect(row.locator('[data-value]').nth(0)).toHaveAttribute('data-value', sum('in'))
  await expect(row.locator('[data-value]').nth(1)).toHaveAttribute('data-value', sum('out'))
  // The period ends at the last sync: each closing stands beside the provider's balance, read just now.
  const roll = panel.getByTestId('roll-forward')
  await expect(roll).toContainText('Closing balances compared with the provider’s balances, read just now.')
  await expect(
    roll
      .getByRole('table', { name: 'Roll-forward per wallet, asset and network' })
      .getByRole('row')
      .filter({ hasText: first.name })
      .first(),
  ).toBeVisible()
  await snap(page, 'transactions-report')

  await panel.getByRole('button', { name: 'Export report to CSV' }).click()
  const saved = panel.getByTestId('export-result')
  await expect(saved).toContainText(`Report of ${legs.length.toLocaleString()} movements saved to `)
  const report = await readFile(
    (await saved.textContent())!.replace(/^Report of [\d,]+ movements saved to /, ''),
    'utf8',
  )
  expect(report).toMatch(/^report,reconciliation\r\n/)
  expect(report).toContain('\r\nenvironment,sandbox\r\n')
  expect(report).toContain(`\r\nrows,${legs.length}\r\n`)
  expect(report).toMatch(/\r\ngenerated_at,\d{4}-\d{2}-\d{2}T/)

  // A period before anything was synced is refused with what is missing, never reported as zeros.
  await panel.getByLabel('Period until (UTC)').fill('2999-01-01T00:00:00')
  await panel.getByRole('button', { name: 'Build report' }).click()
  await expect(panel.getByRole('alert')).toContainText('The ledger cannot vouch for the whole period')
  await page.getByRole('button', { name: 'Hide report' }).click()

  await page.getByRole('search', { name: 'Filter transactions' }).getByLabel('Wallet').selectOption(first.id)
  await openExportMenu(page)
  await page.getByRole('button', { name: 'Export filter to CSV' }).click()
  const wallet = legs.filter((l) => l.wallet_id === first.id)
  const result = page.getByTestId('export-result')
  await expect(result).toContainText(`Exported ${wallet.length} rows to `)
  const path = (await result.textContent())!.replace(/^Exported \d+ rows to /, '')
  const lines = (await readFile(path, 'utf8')).trim().split(/\r?\n/)
  expect(lines[0]).toMatch(/^id,created_at,direction,/)
  const exported = lines.slice(1).map((l) => l.split(',').slice(0, 3).join('|'))
  expect(new Set(exported).size).toBe(wallet.length)
  expect(new Set(exported)).toEqual(new Set(wallet.map((l) => `${l.id}|${l.created_at}|${l.direction}`)))
  await snap(page, 'transactions-exported')
})

test('when the provider does not answer, the rows stay, marked with the last successful sync', async ({ app, sim }) => {
  test.setTimeout(120_000)
  const { page } = app
  await onWallets(page)
  await openSection(page, 'Transactions')
  const status = page.getByTestId('ledger-status')
  await expect(status).toContainText('Synced to', { timeout: 60_000 })
  const count = await page.getByTestId('tx-count').textContent()
  await consolePost(sim.sandbox.url, '/faults', {
    method: 'GET',
    path_prefix: '/api/v1/transactions',
    mode: 'status',
    status: 503,
    retry_after: 0,
    times: 1000,
  })
  await page.getByRole('button', { name: 'Sync now' }).click()
  await expect(status).toContainText(
    /^Provider not reachable: showing [\d,]+ movements from the ledger \(last successful sync .+\)/,
    { timeout: 90_000 },
  )
  await expect(page.getByTestId('tx-count')).toHaveText(count!)
  await expect(page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1)).toBeVisible()
  await snap(page, 'transactions-offline')
})

test('a long first sync shows its progress and can be paused, resumed and cancelled; the rows read so far stay', async ({
  app,
  sim,
}) => {
  test.setTimeout(120_000)
  const { page, desk } = app
  await onWallets(page)
  const wallet = (await desk.router.call('wallets.list', {}))[0]!
  // Far more pages than the key's budget allows in a minute: the first sync runs for minutes.
  await consolePost(sim.sandbox.url, '/transactions', { wallet_id: wallet.id, generate: 20_000 })
  await openSection(page, 'Transactions')
  const status = page.getByTestId('ledger-status')
  await expect(status).toContainText(/^First sync under way: [\d,]+ movements so far, back to /, { timeout: 30_000 })
  await expect(page.getByTestId('sync-rate')).toContainText(/^[\d,]+ pages, [\d,]+ rows\/s$/)
  await expect(page.getByTestId('tx-count')).toHaveText('200 loaded')
  await snap(page, 'transactions-first-sync')

  await page.getByRole('button', { name: 'Pause sync' }).click()
  await expect(status).toContainText(/^First sync paused: /)
  const held = Number((await status.textContent())!.match(/paused: ([\d,]+) movements/)![1]!.replace(/,/g, ''))
  await expect(page.getByRole('button', { name: 'Resume sync' })).toBeVisible()
  await page.getByRole('button', { name: 'Resume sync' }).click()
  await expect(status).toContainText(/^First sync under way: /)
  await page.getByRole('button', { name: 'Cancel sync' }).click()
  await expect(status).toContainText(/^First sync stopped: /)
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeVisible()
  const after = Number((await status.textContent())!.match(/stopped: ([\d,]+) movements/)![1]!.replace(/,/g, ''))
  expect(after).toBeGreaterThanOrEqual(held)
  await expect(page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1)).toBeVisible()
})
