import { SUPPLIER_ADDRESS, verifiedSupplier } from '../harness/e2e-destinations'
import { consolePost, expect, onWallets, test } from '../harness/e2e-fixtures'

test.use({ seed: 'simulator' })

test('an altered withdrawal raises the alarm on every screen, stops new payouts naming it, and Acknowledge clears it', async ({
  app,
  sim,
}) => {
  const { page, desk } = app
  await onWallets(page)
  await verifiedSupplier(desk, sim.sandbox.url)
  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia'),
  )!
  const body = {
    wallet_id: wallet.id,
    asset: 'USDC',
    network: 'ethereum-sepolia',
    amount: '1.5',
    destination: SUPPLIER_ADDRESS,
    fee_priority: 'low' as const,
  }
  const { withdrawal } = await desk.router.call('payouts.request', body)
  await consolePost(sim.sandbox.url, `/withdrawals/${withdrawal!.id}/alter`, { amount: '9' })
  // Approved as altered: the poller announces the status change, and the desk compares what it read back.
  await consolePost(sim.sandbox.url, `/withdrawals/${withdrawal!.id}/approve`)

  const alarm = page.getByTestId('alteration-alarm')
  await expect(alarm).toContainText(
    `payout ${withdrawal!.id} otherwise than it was asked: amount asked 1.5, recorded 9`,
  )
  await expect(desk.router.call('payouts.request', body)).rejects.toThrow(new RegExp(withdrawal!.id))

  await alarm.getByRole('button', { name: 'Acknowledge…' }).click()
  await expect(alarm).toContainText('cancel the withdrawal in the provider console first')
  await alarm.getByRole('button', { name: 'Acknowledge', exact: true }).click()
  await expect(alarm).toHaveCount(0)
})
