import { SUPPLIER_ADDRESS, verifiedSupplier } from '../harness/e2e-destinations'
import { consolePost, expect, openSection, onWallets, test } from '../harness/e2e-fixtures'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

test('six payouts completing one after another are one notice that sums them, each openable from its details', async ({
  app,
  sim,
}) => {
  test.setTimeout(240_000)
  const { page, desk } = app
  await onWallets(page)
  await verifiedSupplier(desk, sim.sandbox.url)
  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia'),
  )!
  const ids: string[] = []
  for (let i = 1; i <= 6; i++) {
    const body = {
      wallet_id: wallet.id,
      asset: 'USDC',
      network: 'ethereum-sepolia',
      amount: `${i}.5`,
      destination: SUPPLIER_ADDRESS,
      fee_priority: 'low' as const,
    }
    const { withdrawal } = await desk.router.call('payouts.request', body)
    ids.push(withdrawal!.id)
    for (const step of ['approve', 'process'])
      await consolePost(sim.sandbox.url, `/withdrawals/${withdrawal!.id}/${step}`)
  }
  await openSection(page, 'Payouts')
  const completed = page.getByTestId('notices').locator('.notice', { hasText: 'completed.' })
  // Each completes only once the app has told the one before: they arrive apart, as a batch's rows are read. The list
  // is read again at once rather than waiting for the follower's next turn.
  for (const [i, id] of ids.entries()) {
    await consolePost(sim.sandbox.url, `/withdrawals/${id}/complete`)
    await page.getByRole('button', { name: 'Refresh', exact: true }).first().click()
    await expect(completed).toHaveText(
      i === 0 ? /Payout of 1\.5 USDC to Supplier completed\./ : new RegExp(`^${i + 1} payouts completed\\.`),
      { timeout: 60_000 },
    )
  }
  await expect(completed).toHaveCount(1)
  await completed.getByText('Which 6').click()
  await completed.getByRole('button', { name: 'Payout of 4.5 USDC to Supplier' }).click()
  await expect(page.getByRole('heading', { name: 'Payout', level: 1 })).toBeVisible()
  await expect(page.getByText(ids[3]!, { exact: true })).toBeVisible()
})
