import { SUPPLIER_ADDRESS, verifiedSupplier } from '../harness/e2e-destinations'
import { expect, onWallets, openSection, test } from '../harness/e2e-fixtures'

test.use({ seed: 'simulator' })

/** Issue 49.2 in the app: an import marks the listed destination and raises its waiting payout, cancelled in one step. */
test('a screening import marks the listed destination and raises its waiting payout, cancelled in one step', async ({
  app,
  sim,
}) => {
  const { page, desk } = app
  await onWallets(page)
  await verifiedSupplier(desk, sim.sandbox.url)
  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia'),
  )!
  const { withdrawal } = await desk.router.call('payouts.request', {
    wallet_id: wallet.id,
    asset: 'USDC',
    network: 'ethereum-sepolia',
    amount: '1.5',
    destination: SUPPLIER_ADDRESS,
  })
  await openSection(page, 'Safety')
  const screening = page.getByTestId('screening-panel')
  await screening.getByLabel('List file (sdn.xml or CSV)').setInputFiles({
    name: 'internal.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`network,address,entry\nethereum,${SUPPLIER_ADDRESS.toLowerCase()},case 21\n`),
  })
  await screening.getByLabel('List name').fill('Internal')
  await screening.getByRole('button', { name: 'Import list' }).click()
  await expect(screening.getByRole('status')).toHaveText(
    'Imported 1 address(es). 1 destination(s) of the book are listed (marked in Destinations). 1 waiting ' +
      'payout(s) go to a listed address: see the alarm above to cancel them.',
  )
  const alarm = page.getByTestId('screening-alarm')
  await expect(alarm).toContainText('1 waiting payout goes to an address on a screening list.')
  await expect(alarm.getByTestId('screening-hit')).toContainText('Internal, case 21')

  await openSection(page, 'Destinations')
  await expect(page.getByTestId('destination-listed')).toHaveText('Listed: Internal (case 21)')

  await alarm.getByRole('button', { name: 'Cancel it' }).click()
  await expect(alarm).toHaveCount(0)
  const read = await desk.router.call('withdrawals.get', { withdrawalId: withdrawal!.id })
  expect(read.withdrawal.status).toBe('cancelled')
})
