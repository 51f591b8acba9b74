import { consolePost, expect, onWallets, test } from '../harness/e2e-fixtures'
import { createSupplier } from '../harness/e2e-destinations'
import { confirmNewDestination } from '../harness/e2e-first-payout'
import { chooseDestination } from '../harness/destination-picker'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'
const MOD = process.platform === 'darwin' ? 'Meta' : 'Control'

test('skip link, shortcuts land on the heading, forms, review and result take focus, dialogs trap and return it', async ({
  app,
  sim,
}) => {
  const { page, desk } = app
  await onWallets(page)
  const counterparty = await createSupplier(desk)
  await consolePost(sim.sandbox.url, `/counterparties/${counterparty.id}/verify`)

  // On a page that just loaded, the first Tab reaches the skip link.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Wallets', level: 1 })).toBeVisible()
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(page.locator('main')).toBeFocused()

  await page.keyboard.press(`${MOD}+7`)
  await expect(page.getByRole('heading', { name: 'Destinations', level: 1 })).toBeFocused()
  await page.getByRole('button', { name: 'New destination' }).click()
  await expect(page.getByRole('form', { name: 'New destination' }).getByLabel('Network')).toBeFocused()

  await page.keyboard.press(`${MOD}+4`)
  await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeFocused()
  await page.getByRole('button', { name: 'New payout' }).click()
  const form = page.getByRole('form', { name: 'New payout' })
  await expect(form.getByLabel('From wallet')).toBeFocused()
  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia'),
  )!
  await form.getByLabel('From wallet').selectOption({ label: wallet.name })
  await form.getByLabel('Asset').selectOption('USDC')
  const network = form.getByLabel('Network')
  if (await network.isVisible()) await network.selectOption('ethereum-sepolia')
  await form.getByLabel(/^Amount/).fill('1.5')
  await chooseDestination(form, `Supplier · ${ADDRESS}`)
  await form.getByRole('button', { name: 'Review' }).click()
  await expect(page.getByRole('heading', { name: 'Review the payout' })).toBeFocused()
  await confirmNewDestination(page.getByRole('region', { name: 'Review payout' }))
  await page.getByRole('button', { name: 'Request payout' }).click()
  await expect(page.getByTestId('payout-outcome')).toBeFocused()

  // A dialog keeps Tab inside and gives focus back to what opened it.
  const about = page.getByRole('button', { name: 'About' })
  await about.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'About Payout Desk' })
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Tab')
    expect(
      await dialog.evaluate((d) =>
        d.contains(
          (d as unknown as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement as never,
        ),
      ),
    ).toBe(true)
  }
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(about).toBeFocused()
})
