import { randomUUID } from 'node:crypto'
import { makeClient, registerKey } from '../harness/api-fixture'
import { payableBody } from '../harness/e2e-destinations'
import { consolePost, expect, onWallets, openSection, test } from '../harness/e2e-fixtures'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

/** Payouts requested by another client of the workspace (a colleague's tool), each waiting for approval. */
async function requestElsewhere(
  baseUrl: string,
  body: Awaited<ReturnType<typeof payableBody>>,
  count: number,
): Promise<void> {
  await consolePost(baseUrl, '/settings', { rate_limit_per_minute: 100_000 })
  const client = makeClient(baseUrl, (await registerKey(baseUrl)).signer)
  for (let i = 0; i < count; i += 25) {
    await Promise.all(
      Array.from({ length: Math.min(25, count - i) }, () => client.createWithdrawal(body, randomUUID())),
    )
  }
}

test('the payout list is drawn a page at a time: 50 rows and a pager, not every payout', async ({ app, sim }) => {
  test.setTimeout(120_000)
  const { page, desk } = app
  await onWallets(page)
  await requestElsewhere(sim.sandbox.url, await payableBody(desk, '0.001'), 80)
  const all = (await desk.router.call('withdrawals.list', {})).length
  expect(all).toBeGreaterThanOrEqual(80)

  await openSection(page, 'Payouts')
  const list = page.getByRole('region', { name: 'Payout list' })
  await expect(list.getByTestId('payout-row')).toHaveCount(50, { timeout: 30_000 })
  await expect(list.getByTestId('pager-position')).toHaveText(`Rows 1–50 of ${all}`)
  await list.getByRole('button', { name: 'Next' }).click()
  await expect(list.getByTestId('pager-position')).toHaveText(`Rows 51–${Math.min(100, all)} of ${all}`)
  await expect(list.getByTestId('payout-row')).toHaveCount(Math.min(50, all - 50))
})

test("Home's counts follow the store: a payout requested and one approved change them without Refresh", async ({
  app,
  sim,
}) => {
  test.setTimeout(120_000)
  const { page, desk } = app
  await onWallets(page)
  const body = await payableBody(desk, '0.001')
  // The waiting count is the store's: read once so it is a number.
  await desk.router.call('withdrawals.list', {})
  const waiting = () => desk.router.call('home.summary', {}).then((h) => h.profiles[0]!.store!.waitingApproval)
  const before = await waiting()

  await openSection(page, 'Home')
  const row = page.getByTestId('home-profile').first()
  const count = row.getByTestId('home-waiting')
  await expect(count).toHaveText(String(before))

  const { withdrawal } = await desk.router.call('payouts.request', body)
  expect(withdrawal?.status).toBe('pending_approval')
  await expect(count).toHaveText(String(before + 1), { timeout: 10_000 })

  // The approver decides in the console; the follower reads it and Home follows.
  await consolePost(sim.sandbox.url, `/withdrawals/${withdrawal!.id}/approve`)
  await expect(count).toHaveText(String(before), { timeout: 30_000 })
})
