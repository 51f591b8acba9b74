import { readFile } from 'node:fs/promises'
import { verifiedSupplier } from '../harness/e2e-destinations'
import { checkA11y, expect, openSection, quickStart, snap, test } from '../harness/e2e-fixtures'
import { openProductionProfile } from '../harness/e2e-production'

test('batch: import a CSV, see problems by line, review the totals, send, follow and export the results', async ({ app }) => {
  const { page, desk } = app
  await quickStart(page)
  // The demo workspace's verified destinations and a wallet that holds an asset on the first one's network.
  const book = (await desk.router.call('counterparties.list', {})).filter((c) => c.can_send)
  const wallets = await desk.router.call('wallets.list', {})
  const pick = book
    .map((d) => ({ d, w: wallets.find((w) => w.balances.some((b) => b.network === d.network && Number(b.available) > 1)) }))
    .find((x) => x.w)!
  const balance = pick.w!.balances.find((b) => b.network === pick.d.network && Number(b.available) > 1)!
  const row = (amount: string, reference: string) => [pick.d.label, amount, balance.asset, pick.d.network, pick.w!.name, reference].join(';')
  const header = 'destination;amount;asset;network;wallet;reference'

  await openSection(page, 'Payouts')
  await page.getByRole('button', { name: 'Batch from CSV' }).click()
  const screen = page.getByTestId('batch-screen')
  await screen.getByLabel('CSV file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from([header, row('1,5', 'a'), row('0.01', 'b'), row('1e3', 'c')].join('\n')) })
  const review = page.getByTestId('batch-review')
  await expect(review).toContainText('1 of 3 rows ready to pay; 2 problems to fix first')
  await expect(page.getByTestId('batch-problem')).toHaveCount(2)
  await expect(page.getByTestId('batch-problem').first()).toContainText('Line 2')
  await expect(page.getByTestId('batch-problem').first()).toContainText('decimal comma')
  await expect(review.getByRole('button', { name: /Record and send/ })).toBeDisabled()
  await snap(page, 'batch-problems')
  await checkA11y(page)

  await review.getByRole('button', { name: 'Back' }).click()
  await screen.getByLabel('CSV file').setInputFiles({
    name: 'pay.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('\uFEFF' + [header, row('0.01', 'inv-1'), row('0.02', '-2 refund'), row('0.03', 'inv-3')].join('\r\n')),
  })
  await expect(review).toContainText('3 of 3 rows ready to pay')
  await expect(page.getByTestId('batch-total')).toContainText(pick.w!.name)
  await expect(page.getByTestId('batch-total')).toContainText('0.06')
  await snap(page, 'batch-review')
  await review.getByRole('button', { name: 'Record and send 3 payouts' }).click()

  await expect(page.getByTestId('batch-counts')).toContainText('Sent 3 of 3: 3 accepted, 0 refused, 0 unknown — finished', { timeout: 30_000 })
  await expect(page.getByTestId('batch-row')).toHaveCount(3)
  await expect(page.getByTestId('batch-row').first()).toContainText('inv-1')
  await snap(page, 'batch-progress')
  await checkA11y(page)

  await page.getByRole('button', { name: 'Export results (CSV)' }).click()
  const saved = /Saved 3 rows to (.+)\.$/.exec((await page.getByText(/^Saved 3 rows to/).textContent()) ?? '')![1]!
  const csv = (await readFile(saved, 'utf8')).split('\r\n')
  expect(csv[0]).toBe('line,reference,destination,amount,asset,idempotency_key,payout_id,status,error')
  expect(csv[2]).toContain(`3,'-2 refund,${pick.d.label},0.02,${balance.asset}`)
})

test('a production batch is recorded only once its grand total is typed again', async ({ app, sim }) => {
  const { page, desk } = app
  await openProductionProfile(desk, sim)
  await page.reload()
  await expect(page.getByRole('banner').getByTestId('env-badge')).toHaveText('PRODUCTION')
  await verifiedSupplier(desk, sim.production.url, { network: 'ethereum' })
  const wallet = (await desk.router.call('wallets.list', {})).find((w) => w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum' && Number(b.available) > 1))!
  const rows = ['destination;amount;asset;network;wallet', `Supplier;0.01;USDC;ethereum;${wallet.name}`, `Supplier;0.02;USDC;ethereum;${wallet.name}`]

  await openSection(page, 'Payouts')
  await page.getByRole('button', { name: 'Batch from CSV' }).click()
  await page.getByTestId('batch-screen').getByLabel('CSV file').setInputFiles({ name: 'live.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) })
  const review = page.getByTestId('batch-review')
  await expect(review).toContainText('2 of 2 rows ready to pay')
  const send = review.getByRole('button', { name: 'Record and send 2 payouts' })
  const total = review.getByLabel(/Type the grand total/)
  await expect(send).toBeDisabled()
  await total.fill('0.04')
  await expect(send).toBeDisabled()
  // Compared as a decimal, as the core compares it: trailing zeros are the same total.
  await total.fill('0.030')
  await expect(send).toBeEnabled()
  await snap(page, 'batch-review-production')
  await checkA11y(page)
  await send.click()
  await expect(page.getByTestId('batch-counts')).toContainText('Sent 2 of 2: 2 accepted', { timeout: 30_000 })
})
