import { expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

const WINDOW = { width: 1280, height: 860 }

test('at 1280×860 the Transactions table starts in the top third and the reconciliation tables end inside the window', async ({
  app,
}) => {
  // Reads the ledger or waits on a background re-read: slow on a busy machine.
  test.slow()
  const { page } = app
  await page.setViewportSize(WINDOW)
  await onWallets(page)
  await openSection(page, 'Transactions')
  await expect(page.getByTestId('ledger-status')).toContainText('Synced to', { timeout: 60_000 })
  const table = page.getByRole('table', { name: 'Transactions' })
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 })
  const top = (await table.boundingBox())!.y
  expect(top, `the table starts at y=${top}`).toBeLessThan(WINDOW.height / 3)
  // Amounts line up on the decimal point whatever their number of decimals (8 for ETH, 6 for USDC).
  const points = await table
    .locator('.col-amount .money-frac')
    .evaluateAll((els) =>
      els.filter((e) => e.textContent !== '').map((e) => Math.round(e.getBoundingClientRect().left)),
    )
  expect(points.length).toBeGreaterThan(5)
  expect(new Set(points).size, `decimal points at x=${[...new Set(points)].join(', ')}`).toBe(1)
  // A quiet row: its Copy shows on hover (or focus), not on every row at once.
  const row = table.getByRole('row').nth(1)
  const copy = row.getByRole('button', { name: /^Copy transaction hash/ })
  await page.mouse.move(0, 0)
  await expect(copy).toHaveCSS('opacity', '0')
  await row.hover()
  await expect(copy).toHaveCSS('opacity', '1')
  await snap(page, 'transactions-1280')

  await page.getByRole('button', { name: 'Reconciliation report' }).click()
  const report = page.getByTestId('report-panel')
  await report.getByLabel(/^Period after/).fill('2000-01-01T00:00:00')
  await report.getByRole('button', { name: 'Build report' }).click()
  // The period's controls stand on one line: every label above its control, none beside it.
  const controls = [
    report.getByLabel('Period', { exact: true }),
    report.getByLabel(/^Period after/),
    report.getByLabel(/^Period until/),
    report.getByRole('button', { name: 'Build report' }),
  ]
  const tops = await Promise.all(controls.map(async (c) => (await c.boundingBox())!.y))
  expect(Math.max(...tops) - Math.min(...tops), `control tops at y=${tops.join(', ')}`).toBeLessThanOrEqual(1)
  const totals = page.getByRole('table', { name: 'Totals per wallet, asset and network' })
  const rollForward = page.getByRole('table', { name: 'Roll-forward per wallet, asset and network' })
  await expect(totals).toBeVisible({ timeout: 30_000 })
  await expect(rollForward).toBeVisible()
  const main = (await page.locator('main').boundingBox())!
  for (const t of [totals, rollForward]) {
    const box = (await t.boundingBox())!
    expect(box.x + box.width, `${await t.getAttribute('aria-label')} ends inside main`).toBeLessThanOrEqual(
      main.x + main.width,
    )
    // Not cut by the box around it either: a table that fits needs no sideways scroll to read its last column.
    const [wide, room] = await t.evaluate((el) => [el.scrollWidth, el.parentElement!.clientWidth])
    expect(wide, `${await t.getAttribute('aria-label')} fits its box`).toBeLessThanOrEqual(room)
  }
  await snap(page, 'transactions-report-1280')
})
