import { expect, openSection, onWallets, test } from '../harness/e2e-fixtures'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

test('Escape closes each panel and form of Destinations, Transactions and Keys, the last opened first', async ({
  app,
}) => {
  const { page } = app
  await onWallets(page)

  await openSection(page, 'Destinations')
  await page.getByRole('button', { name: 'Export / Import' }).click()
  const file = page.getByRole('region', { name: 'Destination book file' })
  await expect(file).toBeVisible()
  await page.getByRole('button', { name: 'New destination' }).click()
  const form = page.getByRole('form', { name: 'New destination' })
  await expect(form).toBeVisible()
  // The form was opened last: it closes first, the file panel on the next Escape.
  await page.keyboard.press('Escape')
  await expect(form).toBeHidden()
  await expect(file).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(file).toBeHidden()

  await openSection(page, 'Transactions')
  await page.getByRole('button', { name: 'Reconciliation report' }).click()
  await expect(page.getByRole('button', { name: 'Hide report' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'Reconciliation report' })).toBeVisible()

  await openSection(page, 'Keys & profiles')
  await page.getByRole('button', { name: 'Add profile' }).click()
  const profile = page.getByRole('form', { name: 'New profile' })
  await expect(profile).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(profile).toBeHidden()
})
