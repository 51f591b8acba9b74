import { readFile } from 'node:fs/promises'
import type { TransactionLeg, Wallet } from '../../shared/api/resources'
import type { Desk } from '../../electron/core/desk'
import { checkA11y, consolePost, expect, openSection, quickStart, snap, test, type App } from '../harness/e2e-fixtures'

async function allLegs(desk: Desk, walletId: string): Promise<TransactionLeg[]> {
  const rows: TransactionLeg[] = []
  let cursor: string | undefined
  do {
    const page = await desk.router.call('transactions.page', { wallet_id: walletId, limit: 100, ...(cursor ? { cursor } : {}) })
    rows.push(...page.rows)
    cursor = page.nextCursor ?? undefined
  } while (cursor)
  return rows
}

/** Quick start, then 260 more movements in the first wallet and a 0.001 move to the second (two legs, one id). */
async function withHistory(app: App, simUrl: string): Promise<{ first: Wallet }> {
  await quickStart(app.page)
  const wallets = await app.desk.router.call('wallets.list', {})
  const [first, second] = [wallets[0]!, wallets[1] ?? wallets[0]!]
  await consolePost(simUrl, '/transactions', { wallet_id: first.id, generate: 260 })
  const bal = first.balances[0]!
  await consolePost(simUrl, '/transactions', { wallet_id: first.id, to_wallet_id: second.id, asset: bal.asset, network: bal.network, amount: '0.001' })
  await openSection(app.page, 'Transactions')
  return { first }
}

// Scrolling and the export are two tests: together, with two axe passes and five screenshots, they took 50 of the
// 60 s a test may take on a loaded two-core machine.
test('transactions: pages load as the user scrolls, filter by wallet, detail with every leg', async ({ app, sim }) => {
  // Eleven pages, one per scroll, each through the page binding, the core and the simulator: on a two-core machine
  // under a load of 20 and more, that alone took longer than 60 s.
  test.setTimeout(150_000)
  const { page, desk } = app
  const { first } = await withHistory(app, sim.sandbox.url)
  const count = page.getByTestId('tx-count')
  const scroller = page.getByTestId('tx-scroll')
  const loaded = async () => Number((await count.textContent())!.split(' ')[0])
  // "0 loaded" is on screen before the first page arrives: wait for the page itself, not for the first matching text.
  await expect.poll(loaded).toBeGreaterThanOrEqual(100)
  const before = await loaded()
  await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight))
  await expect.poll(loaded).toBeGreaterThan(before)
  await snap(page, 'transactions')
  await checkA11y(page)

  await page.getByLabel('Wallet').selectOption(first.id)
  const legs = await allLegs(desk, first.id)
  // Each scroll to the end asks for one more page: keep scrolling until the last page is in, however long pages take
  // (a fixed number of scrolls fails on a slow machine, where a page is still on its way when the next scroll comes).
  await expect(async () => {
    await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight))
    expect(await count.textContent()).toBe(`${legs.length} loaded (all)`)
  }).toPass({ intervals: [100], timeout: 90_000 })

  // The own-wallet move has two legs under one id.
  const move = legs.find((l) => l.amount === '0.001')!
  expect(await desk.router.call('transactions.get', { transactionId: move.id })).toHaveLength(2)
  await scroller.evaluate((el) => el.scrollTo(0, 0))
  await page.getByLabel('Wallet').selectOption('')
  await page.getByRole('row').filter({ hasText: '0.001' }).first().click()
  const detail = page.getByTestId('tx-detail')
  await expect(detail).toBeVisible()
  await expect(detail).toContainText(move.id)
  await expect(detail.getByTestId('tx-leg')).toHaveCount(2)
  await snap(page, 'transaction-detail')
  await checkA11y(page)
})

test("transactions: a wallet's whole range exports to CSV, the provider's rows exactly", async ({ app, sim }) => {
  const { page, desk } = app
  const { first } = await withHistory(app, sim.sandbox.url)
  await page.getByLabel('Wallet').selectOption(first.id)
  const legs = await allLegs(desk, first.id)
  await page.getByRole('button', { name: 'Export range to CSV' }).click()
  const result = page.getByTestId('export-result')
  await expect(result).toContainText(`Exported ${legs.length} rows to `)
  const path = (await result.textContent())!.replace(/^Exported \d+ rows to /, '')
  const lines = (await readFile(path, 'utf8')).trim().split(/\r?\n/)
  expect(lines[0]).toMatch(/^id,created_at,direction,/)
  const exported = new Set(lines.slice(1).map((l) => l.split(',').slice(0, 3).join('|')))
  expect(exported.size).toBe(legs.length)
  expect(exported).toEqual(new Set(legs.map((l) => `${l.id}|${l.created_at}|${l.direction}`)))
  await snap(page, 'transactions-exported', ['light'])
})

test('an export can be cancelled while it runs', async ({ app, sim }) => {
  const { page, desk } = app
  await quickStart(page)
  const wallet = (await desk.router.call('wallets.list', {}))[0]!
  await consolePost(sim.sandbox.url, '/transactions', { wallet_id: wallet.id, generate: 300 })
  await openSection(page, 'Transactions')
  // Every page after the export's first is answered 503 with a long Retry-After: the export waits there, still running,
  // until it is cancelled, however fast this machine pages through the history (unhindered it can finish before the click).
  await consolePost(sim.sandbox.url, '/faults', {
    method: 'GET',
    path_prefix: '/api/v1/transactions?limit=100&cursor=',
    mode: 'status',
    status: 503,
    retry_after: 60,
    times: 5,
  })
  await page.getByRole('button', { name: 'Export range to CSV' }).click()
  const cancel = page.getByRole('button', { name: 'Cancel export' })
  const progress = page.getByText(/^\d+ rows from 1 pages so far$/)
  await expect(progress).toBeVisible()
  const rows = Number((await progress.textContent())!.split(' ')[0])
  expect(rows).toBeGreaterThan(0)
  await expect(cancel).toBeEnabled()
  await expect(page.getByRole('progressbar', { name: 'Export progress' })).toBeVisible()
  await snap(page, 'transactions-exporting', ['light'])
  await cancel.click()
  await expect(page.getByTestId('export-result')).toHaveText(`Export cancelled after ${rows} rows.`)
})
