import { createSupplier } from '../harness/e2e-destinations'
import { consolePost, expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

test('a notice arrives under the page header: the title stays where it was, the notice sits below it', async ({
  app,
  sim,
}) => {
  // Reads the ledger or waits on a background re-read: slow on a busy machine.
  test.slow()
  const { page, desk } = app
  await onWallets(page)
  const counterparty = await createSupplier(desk)
  await openSection(page, 'Destinations')
  const title = page.getByRole('heading', { name: 'Destinations', level: 1 })
  await expect(page.getByTestId('destination-row').filter({ hasText: 'Supplier' })).toBeVisible()
  const before = await title.boundingBox()

  // Verified in the console while the screen is open: the background re-read tells it with a notice.
  await consolePost(sim.sandbox.url, `/counterparties/${counterparty.id}/verify`)
  const notice = page.getByTestId('notices').locator('.notice', { hasText: '“Supplier” is verified' })
  await expect(notice).toBeVisible({ timeout: 30_000 })
  const after = await title.boundingBox()
  expect(after?.y).toBe(before?.y)
  const box = await notice.boundingBox()
  expect(box!.y).toBeGreaterThan(after!.y + after!.height)
  await snap(page, 'notice-under-header')
})
