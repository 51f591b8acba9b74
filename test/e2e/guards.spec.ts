import type { Locator, Page } from '@playwright/test'
import type { Desk } from '../../electron/core/desk'
import { verifiedSupplier } from '../harness/e2e-destinations'
import { openProductionProfile } from '../harness/e2e-production'
import { consolePost, expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'
import { confirmNewDestination } from '../harness/e2e-first-payout'
import { chooseDestination } from '../harness/destination-picker'
import { openPayoutTab } from '../harness/e2e-payout-tabs'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'

/**
 * Fills the payout form for the first wallet holding USDC on `network`, to the Supplier destination, and reviews it.
 */
async function reviewPayout(page: Page, desk: Desk, amount: string, chain = 'ethereum-sepolia'): Promise<Locator> {
  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === chain),
  )!
  await openSection(page, 'Payouts')
  await page.getByRole('button', { name: 'New payout' }).click()
  const form = page.getByRole('form', { name: 'New payout' })
  await form.getByLabel('From wallet').selectOption({ label: wallet.name })
  await form.getByLabel('Asset').selectOption('USDC')
  const network = form.getByLabel('Network')
  if (await network.isVisible()) await network.selectOption(chain)
  await form.getByLabel(/^Amount/).fill(amount)
  await chooseDestination(form, `Supplier · ${ADDRESS}`)
  await form.getByRole('button', { name: 'Review' }).click()
  const review = page.getByRole('region', { name: 'Review payout' })
  await confirmNewDestination(review)
  return review
}

async function budget(page: Page): Promise<number> {
  const text = (await page.getByTestId('pacing').textContent()) ?? ''
  return Number(/Budget (\d+)\//.exec(text)?.[1] ?? NaN)
}

test('a production payout asks for the amount again before it can be requested', async ({ app, sim }) => {
  const { page, desk } = app
  await openProductionProfile(desk, sim)
  await page.reload()
  await expect(page.getByRole('banner').getByTestId('env-badge')).toHaveText('PRODUCTION')
  await verifiedSupplier(desk, sim.production.url, { network: 'ethereum' })

  const review = await reviewPayout(page, desk, '200000', 'ethereum')
  await expect(review.getByTestId('env-badge')).toHaveText('PRODUCTION')
  // Typed as the review shows it in the page's locale ("200,000" in en), or plainly with trailing zeros: one amount.
  const shown = await page.evaluate(() => new Intl.NumberFormat(undefined, { useGrouping: true }).format(200000))
  await expect(review.getByTestId('review-amount')).toContainText(`${shown} USDC`)
  const request = review.getByRole('button', { name: 'Request payout' })
  const again = review.getByLabel('Amount again')
  await expect(request).toBeDisabled()
  await again.fill('20000')
  await expect(review.getByText(`Does not match: type ${shown} (or 200000).`)).toBeVisible()
  await expect(request).toBeDisabled()
  await again.fill('200000.00')
  await expect(request).toBeEnabled()
  await again.fill(shown)
  await expect(request).toBeEnabled()
  await snap(page, 'payout-review-production')
  await request.click()
  await expect(page.getByTestId('payout-outcome')).toContainText('Requested — waiting for approval in the console.')
  const posts = (
    (await (await fetch(`${sim.production.url}/_console/requests`)).json()) as {
      data: Array<{ method: string; path: string }>
    }
  ).data
  expect(posts.filter((r) => r.method === 'POST' && r.path.startsWith('/api/v1/withdrawals'))).toHaveLength(1)
})

test('a payout read from a stale cache is marked stale', async ({ app, sim }) => {
  const { page, desk } = app
  await onWallets(page)
  await verifiedSupplier(desk, sim.sandbox.url)
  await consolePost(sim.sandbox.url, '/settings', { live_refresh_fails: true })
  const review = await reviewPayout(page, desk, '0.5')
  await review.getByRole('button', { name: 'Request payout' }).click()
  await page.getByRole('button', { name: 'Follow this payout' }).click()
  await expect(page.getByTestId('stale')).toBeVisible({ timeout: 30_000 })
  await snap(page, 'payout-stale')
})

test('the top bar budget goes down as the app reads', async ({ app }) => {
  const { page } = app
  await onWallets(page)
  await expect.poll(() => budget(page)).toBeGreaterThan(0)
  const before = await budget(page)
  await openSection(page, 'Destinations')
  await openSection(page, 'Payouts')
  await openSection(page, 'Wallets')
  await expect.poll(() => budget(page), { timeout: 20_000 }).toBeLessThan(before)
  await expect(page.getByTestId('pacing')).toContainText(/Refreshed at/)
})

test('a refusal of the provider is said in plain words (no approver available)', async ({ app, sim }) => {
  // The console cannot take verification away from a destination, so `destination_not_whitelisted` cannot be produced
  // between form and submit; another refusal of the same request goes through the same path.
  const { page, desk } = app
  await onWallets(page)
  await verifiedSupplier(desk, sim.sandbox.url)
  await consolePost(sim.sandbox.url, '/settings', { approver_available: false })
  const review = await reviewPayout(page, desk, '0.75')
  await review.getByRole('button', { name: 'Request payout' }).click()
  const alert = review.getByRole('alert')
  await expect(alert).toContainText('The payout was not requested')
  await expect(alert).toContainText('Nobody can approve payouts in this workspace right now')
  await expect(alert).toContainText('no_approver_available')
  await expect(alert).toContainText(/X-Request-Id/)
  await expect(page.getByTestId('payout-outcome')).toHaveCount(0)
  await snap(page, 'payout-refused')
})

test('a double-clicked destination form registers one destination', async ({ app, sim }) => {
  const { page, desk } = app
  await onWallets(page)
  const before = (await desk.router.call('counterparties.list', {})).length
  await openSection(page, 'Destinations')
  await page.getByRole('button', { name: 'New destination' }).click()
  const form = page.getByRole('form', { name: 'New destination' })
  await form.getByLabel('Network').selectOption('ethereum-sepolia')
  await form.getByLabel('Address').fill(ADDRESS)
  await form.getByLabel('Company name').fill('Supplier GmbH')
  await form.getByLabel('Provider name').fill('Example Custody')
  await form.getByLabel('Country').selectOption('DE')
  await form.getByRole('button', { name: 'Register destination' }).dblclick()
  await expect(page.getByTestId('destination-outcome')).toContainText('Registered')
  await expect(page.getByTestId('destination-outcome')).not.toContainText('already in the book')
  const posts = (
    (await (await fetch(`${sim.sandbox.url}/_console/requests`)).json()) as {
      data: Array<{ method: string; path: string }>
    }
  ).data
  expect(posts.filter((r) => r.method === 'POST' && r.path.startsWith('/api/v1/counterparties'))).toHaveLength(1)
  expect(await desk.router.call('counterparties.list', {})).toHaveLength(before + 1)
})

test('a payout the provider asks to wait a day for waits, with its time, and can be cancelled', async ({
  app,
  sim,
}) => {
  const { page, desk } = app
  await onWallets(page)
  await verifiedSupplier(desk, sim.sandbox.url)
  await consolePost(sim.sandbox.url, '/faults', {
    method: 'POST',
    path_prefix: '/api/v1/withdrawals',
    mode: 'status',
    status: 429,
    retry_after: 86400,
    times: 1,
  })
  const review = await reviewPayout(page, desk, '0.85')
  await review.getByRole('button', { name: 'Request payout' }).click()
  await expect(page.getByTestId('payout-outcome')).toContainText('The provider asked to wait until')
  await page.getByRole('button', { name: 'Back to payouts' }).click()
  await openPayoutTab(page, 'Waiting')
  const waiting = page.getByRole('region', { name: 'Payouts waiting to be sent' })
  const row = waiting.getByTestId('waiting-row')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('0.85')
  const [entry] = (await desk.router.call('payouts.outbox', {})).filter((e) => e.state === 'queued')
  expect(Date.parse(entry!.notBefore!)).toBeGreaterThan(Date.now() + 86_000_000)
  await snap(page, 'payout-waiting')
  await row.getByRole('button', { name: 'Cancel' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel the payout' }).click()
  await expect(waiting).toHaveCount(0)
  expect(
    (await desk.router.call('payouts.outbox', {})).find((e) => e.idempotencyKey === entry!.idempotencyKey)?.state,
  ).toBe('discarded')
})
