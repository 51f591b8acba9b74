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
