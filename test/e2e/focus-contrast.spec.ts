import { checkA11y, consolePost, expect, openSection, quickStart, snap, test } from '../harness/e2e-fixtures'
import { createSupplier } from '../harness/e2e-destinations'
import { confirmNewDestination } from '../harness/e2e-first-payout'
import { chooseDestination } from '../harness/destination-picker'

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'
const MOD = process.platform === 'darwin' ? 'Meta' : 'Control'

test('skip link, shortcuts land on the heading, forms, review and result take focus, dialogs trap and return it', async ({ app, sim }) => {
  const { page, desk } = app
  await quickStart(page)
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

  await page.keyboard.press(`${MOD}+3`)
  await expect(page.getByRole('heading', { name: 'Destinations', level: 1 })).toBeFocused()
  await page.getByRole('button', { name: 'New destination' }).click()
  await expect(page.getByRole('form', { name: 'New destination' }).getByLabel('Network')).toBeFocused()

  await page.keyboard.press(`${MOD}+4`)
  await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeFocused()
  await page.getByRole('button', { name: 'New payout' }).click()
  const form = page.getByRole('form', { name: 'New payout' })
  await expect(form.getByLabel('From wallet')).toBeFocused()
  const wallet = (await desk.router.call('wallets.list', {})).find((w) => w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia'))!
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
    expect(await dialog.evaluate((d) => d.contains((d as unknown as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement as never))).toBe(true)
  }
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(about).toBeFocused()
})

test('every screen and dialog passes axe in the light and the dark theme', async ({ app, sim }) => {
  // Sixteen axe runs: more than the default minute on a busy machine.
  test.slow()
  const { page, desk } = app
  await quickStart(page)
  const counterparty = await createSupplier(desk)
  await consolePost(sim.sandbox.url, `/counterparties/${counterparty.id}/verify`)
  const wallets = await desk.router.call('wallets.list', {})

  await checkA11y(page)
  await page.getByRole('table', { name: 'Wallets' }).getByRole('button', { name: wallets[0]!.name }).click()
  await expect(page.getByRole('table', { name: 'Balances' })).toBeVisible()
  await checkA11y(page)

  await openSection(page, 'Transactions')
  await page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1).getByRole('cell').first().click()
  await expect(page.getByTestId('tx-leg').first()).toBeVisible()
  await checkA11y(page)

  await openSection(page, 'Destinations')
  await checkA11y(page)
  await page.getByRole('button', { name: 'Supplier', exact: true }).click()
  await expect(page.getByTestId('destination-facts')).toBeVisible()
  await checkA11y(page)
  await page.getByRole('button', { name: 'Pay this destination' }).click()
  await expect(page.getByRole('form', { name: 'New payout' })).toBeVisible()
  await checkA11y(page)

  await page.getByRole('button', { name: 'Cancel' }).click()
  const pending = (await desk.router.call('withdrawals.list', {})).find((w) => w.status === 'pending_approval')!
  await page
    .getByTestId('payout-row')
    .filter({ hasText: pending.id.slice(0, 8) })
    .getByRole('button')
    .first()
    .click()
  await page.getByRole('button', { name: 'Cancel payout' }).click()
  const cancel = page.getByRole('dialog', { name: 'Cancel this payout?' })
  await expect(cancel).toBeVisible()
  // The danger button, in both themes: the dark one failed contrast before.
  await checkA11y(page)
  await snap(page, 'focus-danger-dialog')
  await cancel.getByRole('button', { name: 'Keep as is' }).click()

  await openSection(page, 'Keys & profiles')
  await checkA11y(page)
  await page.getByRole('button', { name: 'About' }).click()
  await expect(page.getByRole('dialog', { name: 'About Payout Desk' })).toBeVisible()
  await checkA11y(page)
})
