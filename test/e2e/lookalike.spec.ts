import { createSupplier, SUPPLIER_ADDRESS } from '../harness/e2e-destinations'
import { expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

/** The supplier's address with one middle character changed: the same ends, another address. */
const POISONED = `${SUPPLIER_ADDRESS.slice(0, 21).toLowerCase()}${SUPPLIER_ADDRESS[21] === '1' ? '2' : '1'}${SUPPLIER_ADDRESS.slice(22).toLowerCase()}`

test('a look-alike destination is saved only after the side-by-side comparison is opened and confirmed', async ({
  app,
}) => {
  // A look-alike check against every destination and a comparison dialog: more than the default minute on a busy
  // machine.
  test.setTimeout(180_000)
  const { page, desk } = app
  await onWallets(page)
  await createSupplier(desk)
  await openSection(page, 'Destinations')
  await page.getByRole('button', { name: 'New destination' }).click()
  const form = page.getByRole('form', { name: 'New destination' })
  await form.getByLabel('Network').selectOption('ethereum-sepolia')
  await form.getByLabel('Address').fill(POISONED)
  await form.getByLabel('Company name').fill('Supplier GmbH')
  await form.getByLabel('Provider name').fill('Example Custody')
  await form.getByLabel('Country').selectOption('DE')
  await form.getByRole('button', { name: 'Register destination' }).click()

  const dialog = page.getByRole('dialog', { name: 'This address looks like one you know' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId('lookalike-known-0')).toHaveText(SUPPLIER_ADDRESS.match(/.{1,4}/g)!.join(''))
  await expect(dialog.getByTestId('lookalike-known')).toContainText('in the destination book as "Supplier"')
  await expect(dialog.getByTestId('lookalike-new').locator('mark')).toHaveCount(1)
  await expect(dialog.getByTestId('approver-words')).toHaveCount(2)
  expect((await desk.router.call('counterparties.list', {})).map((c) => c.address.toLowerCase())).not.toContain(
    POISONED,
  )
  await snap(page, 'lookalike-dialog')

  await dialog.getByRole('button', { name: 'I compared them: save the new address' }).click()
  await expect(page.getByTestId('destination-outcome')).toContainText('Registered')
  expect((await desk.router.call('counterparties.list', {})).map((c) => c.address.toLowerCase())).toContain(POISONED)
})
