import { expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'
import { moreFilters, openExportMenu } from '../harness/e2e-filters'
import { openPayoutTab } from '../harness/e2e-payout-tabs'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

const WINDOW = { width: 1280, height: 860 }

test("at 1280×860 Payouts' History table starts in the top third, its filters on one line", async ({ app }) => {
  const { page } = app
  await page.setViewportSize(WINDOW)
  await onWallets(page)
  await openSection(page, 'Payouts')
  await openPayoutTab(page, 'History')
  const table = page.getByRole('table', { name: 'Payouts' })
  await expect(table.getByTestId('payout-row').first()).toBeVisible({ timeout: 30_000 })
  // The notices under the header (a payout waiting long for approval, on a timer of the core) come and go: the
  // screen's own layout is measured without their height, and the snap shows them.
  const top = (await table.boundingBox())!.y
  const notices = (await page.locator('.notice-slot').boundingBox())?.height ?? 0
  expect(top - notices, `the table starts at y=${top}, ${notices} px of it notices`).toBeLessThan(WINDOW.height / 3)
  await snap(page, 'payouts-history-1280')

  // The days are under More filters and the export in its menu: each opens on demand, and a day searched is a chip.
  const search = page.getByRole('search', { name: 'Filter payouts' })
  await expect(search.getByLabel('From', { exact: true })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Export payouts to CSV' })).toHaveCount(0)
  await moreFilters(page, 'Filter payouts')
  await search.getByLabel('From', { exact: true }).fill('2020-01-01')
  await search.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('table', { name: 'Matching payouts' })).toBeVisible()
  await search.getByRole('button', { name: 'Fewer filters' }).click()
  await search.getByRole('button', { name: 'Remove filter: From 2020-01-01' }).click()
  await expect(table.getByTestId('payout-row').first()).toBeVisible()
  await openExportMenu(page)
  await expect(page.getByRole('button', { name: 'Export payouts to CSV' })).toBeVisible()
})

test('a row waiting on the console is one line: its copies show on hover or focus (issue 54)', async ({ app }) => {
  const { page } = app
  await page.setViewportSize(WINDOW)
  await onWallets(page)
  await openSection(page, 'Payouts')
  await openPayoutTab(page, 'Waiting')
  const rows = page.getByTestId('console-waiting-row')
  await expect(rows.first()).toBeVisible({ timeout: 30_000 })
  for (const height of await rows.evaluateAll((rs) => rs.map((r) => r.getBoundingClientRect().height)))
    expect(height, 'a waiting row, in px').toBeLessThanOrEqual(36)
  const table = (await page.getByTestId('console-waiting').locator('table').boundingBox())!
  const panel = (await page.getByTestId('console-waiting').boundingBox())!
  expect(table.x + table.width, 'the table ends inside its panel').toBeLessThanOrEqual(panel.x + panel.width)
  const summary = rows.first().getByTestId('copy-approver-summary')
  await expect(summary).toHaveCSS('opacity', '0')
  // A notice arriving under the header moves the rows from under the pointer: hover again until the copy shows.
  await expect
    .poll(async () => {
      await rows.first().hover()
      return summary.evaluate((e) => getComputedStyle(e).opacity)
    })
    .toBe('1')
  await snap(page, 'payouts-waiting-1280')
})
