import { expect, onWallets, test } from '../harness/e2e-fixtures'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

test('the Close screen names what stands between a month and its close, with where to fix it', async ({ app }) => {
  test.setTimeout(90_000)
  const { page } = app
  await onWallets(page)
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /^Month-end close/ })
    .click()
  await expect(page.getByRole('heading', { name: 'Month-end close', level: 1 })).toBeVisible()
  await expect(page.getByText('No month is closed yet.')).toBeVisible()

  const month = page.getByLabel('Month (YYYY-MM, UTC)')
  await month.fill('2026-1')
  await expect(page.getByText('Write the month as YYYY-MM, such as 2026-11.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Check the month' })).toBeDisabled()
  // The month under way is never synced to its cutoff (the first instant of the next month).
  await month.fill(new Date().toISOString().slice(0, 7))
  await page.getByRole('button', { name: 'Check the month' }).click()
  const closing = page.getByRole('region', { name: /^Closing / })
  await expect(closing).toContainText('not synced to the cutoff', { timeout: 30_000 })
  await expect(closing).toContainText('Fix: payout-desk history sync')
})
