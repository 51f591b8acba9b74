import type { Locator, Page } from '@playwright/test'
import { SUPPLIER_ADDRESS, verifiedSupplier } from '../harness/e2e-destinations'
import { consolePost, expect, onWallets, openSection, snap, test, type TestDesk } from '../harness/e2e-fixtures'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

const heights = (controls: Locator[]) => Promise.all(controls.map(async (c) => (await c.boundingBox())!.height))

/** Opens a section from the nav by its name's start (People is not in openSection's list). */
async function openNav(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
}

test("controls stand at one height: Transactions' filter bar and a settings form", async ({ app }) => {
  test.slow()
  const { page } = app
  await page.setViewportSize({ width: 1280, height: 860 })
  await onWallets(page)
  await openSection(page, 'Transactions')
  const bar = page.getByRole('search', { name: 'Filter transactions' })
  await expect(bar).toBeVisible()
  const filters = [
    bar.locator('input[type="search"]').first(),
    bar.locator('select').first(),
    bar.getByRole('button', { name: /More filters/ }),
  ]
  const barHeights = await heights(filters)

  await openSection(page, 'Preferences')
  const dust = page.getByRole('button', { name: 'Set threshold' })
  await expect(dust).toBeVisible()
  const form = [page.getByLabel('Asset', { exact: true }), page.getByLabel('Dust below'), dust]
  const formHeights = await heights(form)
  const all = [...barHeights, ...formHeights].map((h) => Math.round(h))
  expect(new Set(all).size, `filter bar ${barHeights.join(', ')} px; settings form ${formHeights.join(', ')} px`).toBe(
    1,
  )
})

test("a transaction's side panel stays where it is when an alarm and a notice arrive", async ({ app, sim }) => {
  // A payout followed by the poller until the provider's alteration shows.
  test.slow()
  const { page, desk } = app
  await onWallets(page)
  await verifiedSupplier(desk, sim.sandbox.url)
  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia'),
  )!
  const { withdrawal } = await desk.router.call('payouts.request', {
    wallet_id: wallet.id,
    asset: 'USDC',
    network: 'ethereum-sepolia',
    amount: '1.5',
    destination: SUPPLIER_ADDRESS,
  })
  await openSection(page, 'Transactions')
  const table = page.getByRole('table', { name: 'Transactions' })
  await table.getByRole('row').nth(1).click({ timeout: 60_000 })
  const heading = page.getByTestId('tx-detail').getByRole('heading', { name: 'Transaction', level: 2 })
  await expect(heading).toBeVisible()
  const title = page.getByRole('heading', { name: 'Transactions', level: 1 })
  const before = { panel: (await heading.boundingBox())!.y, title: (await title.boundingBox())!.y }

  await consolePost(sim.sandbox.url, `/withdrawals/${withdrawal!.id}/alter`, { amount: '9' })
  await consolePost(sim.sandbox.url, `/withdrawals/${withdrawal!.id}/approve`)
  await expect(page.getByTestId('alteration-alarm')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('notices').locator('.notice.bad')).toBeVisible()
  expect((await heading.boundingBox())!.y, 'the panel heading').toBe(before.panel)
  expect((await title.boundingBox())!.y, 'the page title').toBe(before.title)
  // The alarm shows under the header, beside the panel, not under it.
  const alarm = (await page.getByTestId('alteration-alarm').boundingBox())!
  const panel = (await page.getByTestId('tx-detail').boundingBox())!
  expect(alarm.y).toBeGreaterThan(before.title)
  expect(alarm.x + alarm.width).toBeLessThanOrEqual(panel.x)
  await snap(page, 'tx-detail-with-alarm')

  // Closing the panel puts the alarm back under the header, above the filters.
  await page.getByTestId('tx-detail').getByRole('button', { name: 'Close' }).click()
  const filters = (await page.locator('.filter-bar').boundingBox())!
  expect((await page.getByTestId('alteration-alarm').boundingBox())!.y).toBeLessThan(filters.y)
})

/** Ada (admin), Tom (treasurer) and Bo (a viewer) at the desk; Ada, the first, is at the desk at once. */
async function threePeople(desk: TestDesk) {
  const yours = { yourPassphrase: 'ada passphrase' }
  await desk.router.call('people.add', { name: 'Ada', role: 'admin', passphrase: 'ada passphrase' })
  await desk.router.call('people.add', { name: 'Tom', role: 'treasurer', passphrase: 'tom passphrase', ...yours })
  await desk.router.call('people.add', { name: 'Bo', role: 'viewer', passphrase: 'bo passphrase', ...yours })
}

test('People names roles and environments as people read them, not by their internal words', async ({ app }) => {
  // Three passphrases hashed and a screen or two opened: slow on a busy machine.
  test.slow()
  const { page, desk } = app
  await onWallets(page)
  await threePeople(desk)
  await openNav(page, 'People')
  const people = page.getByRole('table', { name: 'People' })
  await expect(people.getByRole('row')).toHaveCount(4)
  const roles = await people.locator('tbody tr td:nth-child(2)').allInnerTexts()
  expect(roles.toSorted()).toEqual(['Admin', 'Treasurer', 'Viewer'])
  const options = await page
    .getByRole('form', { name: 'Add a person' })
    .getByLabel('Role')
    .locator('option')
    .allInnerTexts()
  expect(options).toEqual(['Admin', 'Treasurer', 'Viewer'])
  const seats = page.getByRole('table', { name: 'Profile seats' })
  await expect(seats.locator('tbody td:nth-child(2)').first()).toHaveText('Sandbox')
})

test("Activity's detail says what happened in words, never a raw method, path or internal name", async ({ app }) => {
  // Three passphrases hashed and a screen or two opened: slow on a busy machine.
  test.slow()
  const { page, desk } = app
  await onWallets(page)
  await threePeople(desk)
  await openSection(page, 'Activity')
  const rows = page.getByTestId('activity-row')
  await expect(rows.first()).toBeVisible()
  const details = await rows.locator('[role="cell"]:nth-child(4)').allInnerTexts()
  expect(details).toContain('Person added')
  expect(
    details.some((w) => w.startsWith('Read the wallets')),
    details.join(' | '),
  ).toBe(true)
  for (const w of details)
    expect(w, 'a raw method, path or internal name').not.toMatch(/LOCAL|\/api\/|GET |POST |\w\.\w/)
  await snap(page, 'activity-detail-words')
})

test("a profile's detail has a screen header like every other screen's", async ({ app }) => {
  const { page } = app
  await onWallets(page)
  await openSection(page, 'Keys & profiles')
  const profile = page.getByRole('region', { name: /^Profile / })
  await expect(profile.locator('.screen-head').getByRole('heading', { level: 2 })).toBeVisible()
  // ScreenHead's markup: the header, then the place notices would show were no screen header above it.
  await expect(profile.locator('.screen-head + .notice-slot')).toHaveCount(1)
})
