import Big from 'big.js'
import { SUPPLIER_ADDRESS, verifiedSupplier } from '../harness/e2e-destinations'
import { consolePost, expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

test('a rejected payout offers Request again: a new payout after a confirmation, and never a second time', async ({
  app,
  sim,
}) => {
  const { page, desk } = app
  await onWallets(page)
  await verifiedSupplier(desk, sim.sandbox.url)
  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia' && new Big(b.available).gt(10)),
  )!
  const body = { wallet_id: wallet.id, asset: 'USDC', amount: '7.25', destination: SUPPLIER_ADDRESS }
  const first = await desk.router.call('payouts.request', { ...body, network: 'ethereum-sepolia' })
  await consolePost(sim.sandbox.url, `/withdrawals/${first.withdrawal!.id}/reject`)

  await openSection(page, 'Payouts')
  await page.getByTestId('payout-row').first().getByRole('button').first().click()
  await expect(page.getByRole('heading', { name: 'Payout', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Refresh' }).click()
  await page.getByTestId('request-again').click()
  const dialog = page.getByRole('dialog', { name: 'Request this payout again?' })
  await expect(dialog).toContainText('linked to this rejected one')
  await snap(page, 'request-again-dialog')
  await dialog.getByRole('button', { name: 'Request again' }).click()
  await expect(dialog).toHaveCount(0)

  const entries = await desk.router.call('payouts.outbox', {})
  const again = entries.find((e) => e.idempotencyKey !== first.entry.idempotencyKey && e.body.amount === '7.25')!
  expect(again.state).toBe('accepted')
  await expect(page.getByRole('heading', { name: 'Payout', level: 1 })).toBeVisible()
  await expect(page.getByTestId('request-again')).toHaveCount(0)

  // The rejected one still offers it, and the core refuses it, naming the newer payout.
  await page.getByRole('button', { name: '← Payouts' }).click()
  // The rejected one by what it shows, as a person finds it: the list's order is not what this test checks.
  const rejected = page
    .getByTestId('payout-row')
    .filter({ hasText: '7.25' })
    .filter({ hasText: /rejected/i })
  await rejected.getByRole('button').first().click()
  await page.getByTestId('request-again').click()
  const twice = page.getByRole('dialog', { name: 'Request this payout again?' })
  await twice.getByRole('button', { name: 'Request again' }).click()
  await expect(twice).toContainText('was requested again already')
  await expect(twice).toContainText(again.idempotencyKey)
  await snap(page, 'request-again-refused')
  expect((await desk.router.call('payouts.outbox', {})).length).toBe(entries.length)
})
