import { verifiedSupplier } from '../harness/e2e-destinations'
import { expect, onWallets, openSection, test } from '../harness/e2e-fixtures'

test.use({ seed: 'simulator' })

test("an invoice PDF attached from a payout's detail, its other sum said there", async ({ app, sim }) => {
  const { page, desk } = app
  await onWallets(page)
  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia' && Number(b.available) > 5),
  )!
  const supplier = await verifiedSupplier(desk, sim.sandbox.url)
  await desk.router.call('payouts.request', {
    wallet_id: wallet.id,
    asset: 'USDC',
    network: 'ethereum-sepolia',
    amount: '2.5',
    destination: supplier.address,
    fee_priority: 'medium',
  })
  await openSection(page, 'Payouts')
  await page.getByTestId('payout-row').filter({ hasText: '2.5' }).first().getByRole('button').first().click()
  const invoices = page.getByRole('region', { name: 'Invoices' })
  await expect(invoices).toContainText('No invoice is attached to this payout.')
  await invoices.getByRole('button', { name: 'Attach invoice' }).click()
  await invoices.getByLabel('Invoice PDF').setInputFiles({
    name: 'inv.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% an invoice\n'),
  })
  await invoices.getByLabel('Invoice number').fill('INV-E2E')
  await invoices.getByLabel('Amount the invoice asks (optional)').fill('3')
  await invoices.getByRole('button', { name: 'Attach', exact: true }).click()
  await expect(invoices.getByTestId('invoice-amount-note')).toHaveText(
    'Invoice INV-E2E says 3.00 USDC; this payout is 2.50 USDC',
  )
})
