import { expect, onWallets, openSection, test } from '../harness/e2e-fixtures'

// Issue 54's screen-by-screen review at 1280×860: what the screenshots showed, each kept from coming back.
test.use({ seed: 'simulator' })

test.beforeEach(async ({ app }) => {
  await app.page.setViewportSize({ width: 1280, height: 860 })
  await onWallets(app.page)
})

test("a profile's heading and its environment badge stand on one line, centred on each other", async ({ app }) => {
  const { page } = app
  await openSection(page, 'Keys & profiles')
  const profile = page.getByRole('region', { name: /^Profile / })
  const heading = (await profile.getByRole('heading', { level: 2 }).first().boundingBox())!
  const badge = (await profile.getByTestId('env-badge').first().boundingBox())!
  // The h2's bottom margin pushed it 4 px above the badge's centre.
  expect(Math.abs(heading.y + heading.height / 2 - (badge.y + badge.height / 2))).toBeLessThanOrEqual(1)
})

test("People's change form names the roles as people read them, never the internal word", async ({ app }) => {
  test.slow()
  const { page, desk } = app
  await desk.router.call('people.add', { name: 'Ada', role: 'admin', passphrase: 'ada passphrase' })
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /^People/ })
    .click()
  const change = page.getByRole('form', { name: 'Change a person' })
  await expect(change.getByLabel('Role').locator('option')).toHaveText(['Admin', 'Treasurer', 'Viewer'])
})

test("a wallet's movements and Transactions say a direction in sentence case, as the detail does", async ({ app }) => {
  test.slow()
  const { page } = app
  await page.getByRole('table', { name: 'Wallets' }).getByRole('button', { name: 'Treasury' }).click()
  const recent = page.getByRole('table', { name: 'Recent movements' })
  await expect(recent.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 })
  const words = await recent.locator('tbody tr td:nth-child(2)').allInnerTexts()
  expect(new Set(words).size, words.join(' | ')).toBeGreaterThan(0)
  expect(
    words.filter((w) => !['In', 'Out', 'Internal'].includes(w)),
    words.join(' | '),
  ).toEqual([])

  await openSection(page, 'Transactions')
  const rows = page.getByRole('table', { name: 'Transactions' }).getByRole('row')
  await expect(rows.nth(1)).toBeVisible({ timeout: 60_000 })
  const dirs = await page.locator('.tx-row .col-dir').allInnerTexts()
  expect(dirs.length).toBeGreaterThan(0)
  expect(
    dirs.filter((w) => !['In', 'Out', 'Internal'].includes(w.trim())),
    dirs.join(' | '),
  ).toEqual([])
})

test("a destination's payouts name the wallet they came from, not its id as well", async ({ app }) => {
  const { page } = app
  await openSection(page, 'Destinations')
  await page.getByRole('button', { name: 'Acme Supplies', exact: true }).click()
  const payouts = page.getByRole('table', { name: 'Payouts to this destination' })
  const from = payouts.locator('tbody tr td:nth-child(3)')
  await expect(from.first()).toHaveText('Treasury', { timeout: 30_000 })
  expect(await from.allInnerTexts()).not.toContainEqual(expect.stringContaining('wal-'))
})

test("a transaction's side panel keeps each address's Copy on the address's line", async ({ app }) => {
  test.slow()
  const { page } = app
  await openSection(page, 'Transactions')
  await page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1).click({ timeout: 60_000 })
  const leg = page.getByTestId('tx-detail').getByTestId('tx-leg').first()
  await expect(leg).toBeVisible()
  const ids = await leg.locator('.id-with-copy').all()
  expect(ids.length).toBeGreaterThan(2)
  const centre = (b: { y: number; height: number } | null) => b!.y + b!.height / 2
  for (const id of ids) {
    const code = await id.locator('code').boundingBox()
    const copy = await id.getByRole('button').first().boundingBox()
    expect(Math.abs(centre(code) - centre(copy)), await id.innerText()).toBeLessThanOrEqual(2)
  }
})

test("People's Remove stands on its own line right under the change form's fields, not a row's height below", async ({
  app,
}) => {
  test.slow()
  const { page, desk } = app
  await desk.router.call('people.add', { name: 'Ada', role: 'admin', passphrase: 'ada passphrase' })
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /^People/ })
    .click()
  const change = page.getByRole('form', { name: 'Change a person' })
  const hint = (await change.getByText('Only to set one.').boundingBox())!
  const remove = (await change.getByRole('button', { name: 'Remove Ada' }).boundingBox())!
  // It wrapped onto a line of its own and kept the top margin of a button beside fields: 45 px of nothing.
  expect(remove.y - (hint.y + hint.height)).toBeLessThanOrEqual(24)
})

test("a wallet's deposit addresses are ledger rows (36 px at most), their Show QR button included", async ({ app }) => {
  const { page } = app
  await page.getByRole('table', { name: 'Wallets' }).getByRole('button', { name: 'Treasury' }).click()
  const rows = page.getByRole('table', { name: 'Deposit addresses' }).locator('tbody tr')
  await expect(rows.first()).toBeVisible({ timeout: 30_000 })
  const heights = await rows.evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height))
  // A 28 px button with the cell's padding made each row 37 px.
  expect(heights.filter((h) => h > 36)).toEqual([])
})

test('the destinations list is one line a row (36 px at most) and keeps to the window', async ({ app }) => {
  const { page } = app
  await openSection(page, 'Destinations')
  const rows = page.getByTestId('destination-row')
  await expect(rows.first()).toBeVisible()
  const heights = await rows.evaluateAll((trs) => trs.map((tr) => Math.round(tr.getBoundingClientRect().height)))
  // "at <VASP>" or "self-hosted" stood under the owner, and the address's Copy wrapped below it: 45-50 px a row.
  expect(heights.filter((h) => h > 36)).toEqual([])
  const table = (await page.getByRole('table', { name: 'Destinations' }).boundingBox())!
  expect(table.x + table.width).toBeLessThanOrEqual(1280)
  await expect(rows.first().getByRole('cell').nth(2)).toHaveText(/\S/)
})

test("Transactions at 1280 px shows a counterpart's short name whole: the time gives up its seconds", async ({
  app,
}) => {
  test.slow()
  const { page } = app
  await openSection(page, 'Transactions')
  await expect(page.getByTestId('ledger-status')).toContainText('Synced to', { timeout: 60_000 })
  const table = page.getByRole('table', { name: 'Transactions' })
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 })
  // The full time to the second took 13.5 rem, and "Treasury" or "Operations" showed as "Treas…", "Oper…".
  const cut = await table.locator('.col-party .party-name bdi').evaluateAll((els) =>
    els
      .filter((e) => (e.getAttribute('title') ?? '').length <= 12)
      .filter((e) => e.scrollWidth > e.clientWidth + 1)
      .map((e) => e.getAttribute('title')),
  )
  expect(cut).toEqual([])
  await expect(table.locator('.col-time time').first()).toHaveAttribute('title', /\d{1,2}:\d{2}:\d{2}/)
})
