import { checkA11y, expect, onWallets, snap, test } from '../harness/e2e-fixtures'

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
  // The month and its button on one line, the field as wide as a month: not a page-wide input over its button.
  const [field, button] = await Promise.all([
    page.getByLabel('Month (YYYY-MM, UTC)').boundingBox(),
    page.getByRole('button', { name: 'Check the month' }).boundingBox(),
  ])
  expect(Math.abs(field!.y - button!.y)).toBeLessThanOrEqual(1)
  await snap(page, 'close')

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

test('the account mapping is imported on the Close screen by keyboard: every bad line named, then a good file', async ({
  app,
}) => {
  test.setTimeout(90_000)
  const { page } = app
  await page.setViewportSize({ width: 1280, height: 800 })
  await onWallets(page)
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /^Month-end close/ })
    .click()
  const file = page.getByLabel('Account mapping (CSV: wallet, asset, kind, account)')
  // Reached by Tab from the month field, as a person at the keyboard does.
  await page.getByLabel('Month (YYYY-MM, UTC)').focus()
  for (let i = 0; i < 30 && !(await file.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab')
  await expect(file).toBeFocused()

  const csv = (text: string, name: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) })
  const header = 'wallet,asset,kind,account\n'
  await file.setInputFiles(csv(header + '*,*,refund,Sales\n*,*,fee,Fees\n*,*,fee,Fees again\n', 'bad.csv'))
  const refused = page.getByTestId('account-map-import')
  await expect(refused).toContainText('line 2: kind "refund" is not accepted')
  await expect(refused).toContainText('line 4 maps the same wallet, asset and kind as line 3')
  await checkA11y(page)

  await file.setInputFiles(csv(header + '*,*,incoming,Receipts\n*,*,outgoing,Payables\n', 'map.csv'))
  await expect(refused.getByRole('status')).toHaveText(
    'Imported 2 account mapping rows, in force from the first month.',
  )
  await expect(refused).not.toContainText('not imported')
  await checkA11y(page)
})
