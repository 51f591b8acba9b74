import { readFile } from 'node:fs/promises'
import type { TransactionLeg } from '../../shared/api/resources'
import type { Desk } from '../../electron/core/desk'
import { checkA11y, consolePost, expect, openSection, quickStart, snap, test } from '../harness/e2e-fixtures'

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

test('transactions: pages load as the user scrolls, filter by wallet, detail with every leg, export to CSV', async ({ app, sim }) => {
  const { page, desk } = app
  await quickStart(page)
  const wallets = await desk.router.call('wallets.list', {})
  const [first, second] = [wallets[0]!, wallets[1] ?? wallets[0]!]
  await consolePost(sim.sandbox.url, '/transactions', { wallet_id: first.id, generate: 260 })
  const bal = first.balances[0]!
  await consolePost(sim.sandbox.url, '/transactions', { wallet_id: first.id, to_wallet_id: second.id, asset: bal.asset, network: bal.network, amount: '0.001' })

  await openSection(page, 'Transactions')
  const count = page.getByTestId('tx-count')
  await expect(count).toContainText(/^\d+ loaded/)
  const scroller = page.getByTestId('tx-scroll')
  const loaded = async () => Number((await count.textContent())!.split(' ')[0])
  const before = await loaded()
  expect(before).toBeGreaterThanOrEqual(100)
  await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight))
  await expect.poll(loaded).toBeGreaterThan(before)
  await snap(page, 'transactions')
  await checkA11y(page)

  await page.getByLabel('Wallet').selectOption(first.id)
  const legs = await allLegs(desk, first.id)
  // Scroll to the end until every page is in: a condition, not a number of tries with sleeps between.
  await expect
    .poll(async () => {
      await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight))
      return count.textContent()
    }, { timeout: 30_000 })
    .toBe(`${legs.length} loaded (all)`)

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

  // Export the first wallet's whole range and compare it with the provider's rows.
  await page.getByRole('button', { name: 'Close' }).click()
  await page.getByLabel('Wallet').selectOption(first.id)
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
  await consolePost(sim.sandbox.url, '/transactions', { wallet_id: wallet.id, generate: 3000 })
  await openSection(page, 'Transactions')
  await page.getByRole('button', { name: 'Export range to CSV' }).click()
  const cancel = page.getByRole('button', { name: 'Cancel export' })
  await expect(cancel).toBeEnabled()
  await expect(page.getByRole('progressbar', { name: 'Export progress' })).toBeVisible()
  await snap(page, 'transactions-exporting', ['light'])
  await cancel.click()
  await expect(page.getByTestId('export-result')).toContainText('Export cancelled')
})
