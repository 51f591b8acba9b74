import type { Page } from '@playwright/test'
import { verifiedSupplier } from '../harness/e2e-destinations'
import { consolePost, expect, onWallets, snap, test } from '../harness/e2e-fixtures'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

async function openBatches(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /^Batches/ })
    .click()
  await expect(page.getByRole('heading', { name: 'Batches', level: 1 })).toBeVisible()
}

test("a batch's rejected row offers Request again in the row list: the payout page's confirmation, then the row says so", async ({
  app,
  sim,
}) => {
  const { page, desk } = app
  await onWallets(page)
  await verifiedSupplier(desk, sim.sandbox.url, { label: 'Supplier Again' })
  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia' && Number(b.available) > 1),
  )!
  const csv = [
    'destination,amount,asset,network,wallet,reference',
    `Supplier Again,0.04,USDC,ethereum-sepolia,${wallet.name},again-1`,
    `Supplier Again,0.05,USDC,ethereum-sepolia,${wallet.name},again-2`,
  ].join('\n')
  const { batch } = await desk.router.call('batch.submit', {
    source: 'again.csv',
    text: csv,
    confirmDuplicates: true,
    retypedTotal: null,
    confirmFirstPayouts: true,
  })
  await expect
    .poll(async () => (await desk.router.call('batch.status', { batchId: batch.id })).progress.accepted, {
      timeout: 30_000,
    })
    .toBe(2)
  const rows = (await desk.router.call('batch.status', { batchId: batch.id })).rows
  const rejected = rows.find((r) => r.amount === '0.04')!
  await consolePost(sim.sandbox.url, `/withdrawals/${rejected.withdrawalId}/reject`)

  await openBatches(page)
  await page
    .getByTestId('batch-list-row')
    .filter({ hasText: 'again.csv' })
    .getByRole('button', { name: 'again.csv' })
    .click()
  await page.getByRole('button', { name: 'Refresh payout statuses' }).click()
  const row = page.getByTestId('batch-row').filter({ hasText: 'again-1' })
  const waiting = page.getByTestId('batch-row').filter({ hasText: 'again-2' })
  await expect(row.getByTestId('batch-row-request-again')).toBeVisible()
  // Only a row that can be requested again offers it: the other one still waits for approval.
  await expect(waiting.getByTestId('batch-row-request-again')).toHaveCount(0)

  await row.getByTestId('batch-row-request-again').click()
  const dialog = page.getByRole('dialog', { name: 'Request this payout again?' })
  await expect(dialog).toContainText('linked to this rejected one')
  await snap(page, 'batch-row-request-again-dialog')
  await dialog.getByRole('button', { name: 'Request again' }).click()
  await expect(dialog).toHaveCount(0)

  const again = (await desk.router.call('payouts.outbox', {})).filter((e) => e.body.amount === '0.04')
  expect(again).toHaveLength(2)
  const newer = again.find((e) => e.idempotencyKey !== rejected.idempotencyKey)!
  expect(newer.state).toBe('accepted')
  await expect(row.getByTestId('batch-row-again')).toContainText('requested again as')
  await expect(row.getByTestId('batch-row-request-again')).toHaveCount(0)
})
