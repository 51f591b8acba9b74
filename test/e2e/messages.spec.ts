import { expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'
import { moreFilters } from '../harness/e2e-filters'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

test('empty lists name the filter that emptied them; a search without a match says so', async ({ app }) => {
  const { page } = app
  await onWallets(page)
  await openSection(page, 'Payouts')
  await expect(page.getByTestId('payout-row').first()).toBeVisible()
  await page.getByLabel('Search payouts').fill('no-such-key')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('heading', { name: 'No payout matches the search' })).toBeVisible()
  await expect(page.getByTestId('payout-row')).toHaveCount(0)
  await snap(page, 'messages-key-no-match')
  await page.getByRole('button', { name: 'Clear' }).click()
  await expect(page.getByTestId('payout-row').first()).toBeVisible()
  await page.getByLabel('Status').selectOption('received')
  await expect(page.getByRole('heading', { name: 'No payout with status “received”' })).toBeVisible()

  await openSection(page, 'Destinations')
  await page.getByLabel('Search').fill('zzz-nobody')
  await expect(page.getByTestId('destinations-empty')).toHaveText('No destination matches “zzz-nobody”.')
  await page.getByLabel('Show').selectOption('waiting')
  await expect(page.getByTestId('destinations-empty')).toHaveText(
    'No destination waits for verification and matches “zzz-nobody”.',
  )
})

test('an invalid transaction filter clears the rows of the previous one and the export', async ({ app }) => {
  const { page } = app
  await onWallets(page)
  await openSection(page, 'Transactions')
  const table = page.getByRole('table', { name: 'Transactions' })
  // The first sync reads the whole history: on a crowded machine longer than a step's 10 s.
  await expect(page.getByTestId('ledger-status')).toContainText('Synced to', { timeout: 45_000 })
  await expect(table.getByRole('row').nth(1)).toBeVisible()
  await moreFilters(page)
  await page.getByLabel('Recorded after (local time)').fill('2026-11-20T10:00')
  await page.getByLabel('Recorded until (local time)').fill('2026-11-19T10:00')
  await expect(page.getByText('The start must be before the end.')).toBeVisible()
  await expect(table).toHaveCount(0)
  await expect(page.getByTestId('export-panel')).toHaveCount(0)
  await expect(page.getByTestId('tx-invalid-filter')).toBeVisible()
  await snap(page, 'messages-invalid-range')
  await page.getByLabel('Recorded until (local time)').fill('2020-01-02T10:00')
  await page.getByLabel('Recorded after (local time)').fill('2020-01-01T10:00')
  await expect(
    page.getByRole('heading', {
      name: /^No movements in any wallet, recorded after 2020-01-01 10:00, until 2020-01-02 10:00$/,
    }),
  ).toBeVisible()
})
