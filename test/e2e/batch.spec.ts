import { readFile } from 'node:fs/promises'
import { verifiedSupplier } from '../harness/e2e-destinations'
import type { Desk } from '../../electron/core/desk'
import { consoleGet, consolePost, expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'
import { openProductionProfile } from '../harness/e2e-production'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

const header = 'destination;amount;asset;network;wallet;reference'

/**
 * Rows the demo workspace can pay: one of its verified destinations and a wallet that holds an asset on its network.
 */
async function payable(desk: Desk) {
  const book = (await desk.router.call('counterparties.list', {})).filter((c) => c.can_send)
  const wallets = await desk.router.call('wallets.list', {})
  const pick = book
    .map((d) => ({
      d,
      w: wallets.find((w) => w.balances.some((b) => b.network === d.network && Number(b.available) > 1)),
    }))
    .find((x) => x.w)!
  const balance = pick.w!.balances.find((b) => b.network === pick.d.network && Number(b.available) > 1)!
  const row = (amount: string, reference: string) =>
    [pick.d.label, amount, balance.asset, pick.d.network, pick.w!.name, reference].join(';')
  return { destination: pick.d, walletName: pick.w!.name, balance, row }
}

/** The payouts the simulator recorded under each of the batch's Idempotency-Keys. */
async function recordedPerKey(desk: Desk, baseUrl: string, batchId: string): Promise<number[]> {
  const keys = (await desk.router.call('batch.status', { batchId })).rows.map((r) => r.idempotencyKey)
  const recorded = await consoleGet<Array<{ idempotency_key: string }>>(baseUrl, '/withdrawals')
  return keys.map((k) => recorded.filter((w) => w.idempotency_key === k).length)
}

test('batch: import a CSV, see problems by line, review the totals, send, follow and export the results', async ({
  app,
  sim,
}) => {
  const { page, desk } = app
  await onWallets(page)
  const { destination, walletName, balance, row } = await payable(desk)

  await openSection(page, 'Payouts')
  await page.getByRole('button', { name: 'Batch from CSV' }).click()
  const screen = page.getByTestId('batch-screen')
  await screen.getByLabel('CSV file').setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([header, row('1,5', 'a'), row('0.01', 'b'), row('1e3', 'c')].join('\n')),
  })
  const review = page.getByTestId('batch-review')
  await expect(review).toContainText('1 of 3 rows ready to pay; 2 problems to fix first')
  await expect(page.getByTestId('batch-problem')).toHaveCount(2)
  await expect(page.getByTestId('batch-problem').first()).toContainText('Line 2')
  await expect(page.getByTestId('batch-problem').first()).toContainText('decimal comma')
  await expect(review.getByRole('button', { name: /Record and send/ })).toBeDisabled()
  await snap(page, 'batch-problems')

  await review.getByRole('button', { name: 'Back' }).click()
  await screen.getByLabel('CSV file').setInputFiles({
    name: 'pay.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      '\uFEFF' + [header, row('0.01', 'inv-1'), row('0.02', '-2 refund'), row('0.03', 'inv-3')].join('\r\n'),
    ),
  })
  await expect(review).toContainText('3 of 3 rows ready to pay')
  await expect(page.getByTestId('batch-total')).toContainText(walletName)
  await expect(page.getByTestId('batch-total')).toContainText('0.06')
  await snap(page, 'batch-review')
  // The demo's destination was never paid: the batch asks the single review's tick.
  await review.getByLabel(/^I have checked th/).check()
  await review.getByRole('button', { name: 'Record and send 3 payouts' }).click()

  await expect(page.getByTestId('batch-counts')).toContainText(
    'Sent 3 of 3: 3 accepted, 0 refused, 0 unknown — finished',
    { timeout: 30_000 },
  )
  await expect(page.getByTestId('batch-row')).toHaveCount(3)
  await expect(page.getByTestId('batch-row').first()).toContainText('inv-1')
  await snap(page, 'batch-progress')

  await page.getByRole('button', { name: 'Export results (CSV)' }).click()
  const saved = /Saved 3 rows to (.+)\.$/.exec((await page.getByText(/^Saved 3 rows to/).textContent()) ?? '')![1]!
  const csv = (await readFile(saved, 'utf8')).split('\r\n')
  expect(csv[0]).toBe('line,reference,destination,amount,asset,idempotency_key,payout_id,status,error')
  expect(csv[2]).toContain(`3,'-2 refund,${destination.label},0.02,${balance.asset}`)

  // Rows filtered by their payout's status at the provider, as `batch status --state` does.
  const batchId = (await desk.router.call('batch.list', {}))[0]!.batch.id
  const ids = (await desk.router.call('batch.status', { batchId })).rows.map((r) => r.withdrawalId!)
  await consolePost(sim.sandbox.url, `/withdrawals/${ids[1]}/approve`)
  await page.getByRole('button', { name: 'Refresh payout statuses' }).click()
  const show = page.getByTestId('batch-progress').getByLabel('Show')
  await show.selectOption('approved')
  await expect(page.getByTestId('batch-row')).toHaveCount(1)
  await expect(page.getByTestId('batch-row')).toContainText('-2 refund')
  await show.selectOption('pending_approval')
  await expect(page.getByTestId('batch-row')).toHaveCount(2)
  await show.selectOption('completed')
  await expect(page.getByTestId('batch-row')).toHaveCount(0)
  await expect(page.getByTestId('batch-progress')).toContainText('No row of this batch is completed.')

  // The reference shows wherever the payout does: the payout list and the payout's page.
  await page.getByRole('button', { name: 'Close batch' }).click()
  const listed = page
    .getByTestId('payout-row')
    .filter({ has: page.getByTestId('payout-reference').getByText('inv-3', { exact: true }) })
  await expect(listed).toHaveCount(1)
  await listed.getByRole('button').first().click()
  await expect(page.getByRole('heading', { name: 'Payout', level: 1 })).toBeVisible()
  await expect(page.getByTestId('payout-reference')).toHaveText('inv-3')
  await snap(page, 'payout-detail-reference')
})

test('batch: a pause lands mid-run, no row is sent while paused, and resume sends the rest once each', async ({
  app,
  sim,
}) => {
  const { page, desk } = app
  await onWallets(page)
  const { row } = await payable(desk)
  // The provider turns the first payout request away three times with a 3 s Retry-After: the first row is in
  // flight for about 9 s, so the pause lands while the batch runs.
  await consolePost(sim.sandbox.url, '/faults', {
    method: 'POST',
    path_prefix: '/api/v1/withdrawals',
    mode: 'status',
    status: 429,
    retry_after: 3,
    times: 3,
  })

  await openSection(page, 'Payouts')
  await page.getByRole('button', { name: 'Batch from CSV' }).click()
  const rows = ['0.011', '0.012', '0.013', '0.014', '0.015'].map((amount, i) => row(amount, `p-${i + 1}`))
  await page
    .getByTestId('batch-screen')
    .getByLabel('CSV file')
    .setInputFiles({ name: 'paced.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\n')) })
  await page
    .getByTestId('batch-review')
    .getByLabel(/^I have checked th/)
    .check()
  await page.getByTestId('batch-review').getByRole('button', { name: 'Record and send 5 payouts' }).click()
  const counts = page.getByTestId('batch-counts')
  await expect(counts).toContainText('Sent 1 of 5: 0 accepted')
  await page.getByRole('button', { name: 'Pause' }).click()
  // The row in flight keeps its outcome; the batch stops after it.
  await expect(counts).toContainText('Sent 1 of 5: 1 accepted, 0 refused, 0 unknown — paused', { timeout: 30_000 })
  const batchId = (await desk.router.call('batch.list', {}))[0]!.batch.id
  // A round trip to the provider through the same pacer (it shows the first payout approved meanwhile):
  // by its answer, a run that had not stopped would have sent the second row.
  await consolePost(
    sim.sandbox.url,
    `/withdrawals/${(await desk.router.call('batch.status', { batchId })).rows[0]!.withdrawalId}/approve`,
  )
  await page.getByRole('button', { name: 'Refresh payout statuses' }).click()
  await expect(page.getByTestId('batch-row').first()).toContainText('approved')
  await expect(counts).toContainText('Sent 1 of 5: 1 accepted, 0 refused, 0 unknown — paused')
  expect(await recordedPerKey(desk, sim.sandbox.url, batchId)).toEqual([1, 0, 0, 0, 0])
  await snap(page, 'batch-paused')

  await page.getByRole('button', { name: 'Resume' }).click()
  await expect(counts).toContainText('Sent 5 of 5: 5 accepted, 0 refused, 0 unknown — finished', { timeout: 30_000 })
  expect(await recordedPerKey(desk, sim.sandbox.url, batchId)).toEqual([1, 1, 1, 1, 1])
})

test('a production batch is recorded only once its grand total is typed again', async ({ app, sim }) => {
  const { page, desk } = app
  await openProductionProfile(desk, sim)
  await page.reload()
  await expect(page.getByRole('banner').getByTestId('env-badge')).toHaveText('PRODUCTION')
  await verifiedSupplier(desk, sim.production.url, { network: 'ethereum' })
  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum' && Number(b.available) > 1),
  )!
  const rows = [
    'destination;amount;asset;network;wallet',
    `Supplier;0.01;USDC;ethereum;${wallet.name}`,
    `Supplier;0.02;USDC;ethereum;${wallet.name}`,
  ]

  await openSection(page, 'Payouts')
  await page.getByRole('button', { name: 'Batch from CSV' }).click()
  await page
    .getByTestId('batch-screen')
    .getByLabel('CSV file')
    .setInputFiles({ name: 'live.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) })
  const review = page.getByTestId('batch-review')
  await expect(review).toContainText('2 of 2 rows ready to pay')
  const send = review.getByRole('button', { name: 'Record and send 2 payouts' })
  const total = review.getByLabel(/Type the grand total/)
  await expect(send).toBeDisabled()
  await total.fill('0.04')
  await expect(send).toBeDisabled()
  // Compared as a decimal, as the core compares it: trailing zeros are the same total.
  await total.fill('0.030')
  await expect(send).toBeDisabled()
  await review.getByLabel(/^I have checked th/).check()
  await expect(send).toBeEnabled()
  await snap(page, 'batch-review-production')
  await send.click()
  await expect(page.getByTestId('batch-counts')).toContainText('Sent 2 of 2: 2 accepted', { timeout: 30_000 })
})
