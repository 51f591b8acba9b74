import { createSupplier } from '../harness/e2e-destinations'
import { consolePost, expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'
import { confirmNewDestination } from '../harness/e2e-first-payout'
import { destinationPicker } from '../harness/destination-picker'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'

test('destination detail: facts, QR, payouts sent to it; verified in the background with a notice; pay it from there', async ({
  app,
  sim,
}) => {
  const { page, desk } = app
  await onWallets(page)
  const counterparty = await createSupplier(desk)
  await openSection(page, 'Destinations')
  await page
    .getByTestId('destination-row')
    .filter({ hasText: 'Supplier' })
    .getByRole('button', { name: 'Supplier' })
    .click()
  await expect(page.getByRole('heading', { name: 'Supplier', level: 1 })).toBeVisible()
  const facts = page.getByTestId('destination-facts')
  for (const text of ['Supplier GmbH (company)', 'Example Custody', 'Germany', 'Ethereum Sepolia', ADDRESS, 'not yet'])
    await expect(facts).toContainText(text)
  await expect(page.getByRole('img', { name: 'QR code of the address of Supplier' })).toBeVisible()
  await expect(page.getByText('Waiting for verification in the console')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Pay this destination' })).toHaveCount(0)
  await snap(page, 'destination-detail-waiting')

  // Verified in the console while the screen is open: no click, the background re-read finds it and says so.
  await consolePost(sim.sandbox.url, `/counterparties/${counterparty.id}/verify`)
  await expect(page.getByTestId('notices')).toContainText('“Supplier” is verified and can receive payouts.', {
    timeout: 30_000,
  })
  await expect(facts).not.toContainText('not yet')
  await expect(page.getByRole('heading', { level: 1 }).locator('..').getByText('Verified')).toBeVisible()

  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia'),
  )!
  await page.getByRole('button', { name: 'Pay this destination' }).click()
  const form = page.getByRole('form', { name: 'New payout' })
  await expect(form.getByTestId('paying')).toContainText('Paying Supplier on Ethereum Sepolia')
  await form.getByLabel('From wallet').selectOption({ label: wallet.name })
  await form.getByLabel('Asset').selectOption('USDC')
  await form.getByLabel(/^Amount/).fill('4.75')
  await expect(destinationPicker(form)).toHaveValue(`${counterparty.label} · ${counterparty.address}`)
  await form.getByRole('button', { name: 'Review' }).click()
  await confirmNewDestination(page.getByRole('region', { name: 'Review payout' }))
  await page.getByRole('button', { name: 'Request payout' }).click()
  await expect(page.getByTestId('payout-outcome')).toContainText('Requested')

  await openSection(page, 'Destinations')
  await page.getByRole('button', { name: 'Supplier', exact: true }).click()
  await expect(page.getByTestId('destination-payout')).toHaveCount(1)
  await expect(page.getByTestId('destination-payout')).toContainText('4.75')
  await snap(page, 'destination-detail')
})
