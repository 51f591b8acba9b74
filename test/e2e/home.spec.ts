import { setupWorkspace } from '../harness/api-fixture'
import { destinationCsv } from '../harness/destination-file'
import { expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'
import { registerProfileKey } from '../harness/ipc-desk'
import { layoutProblems } from '../harness/layout-check'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

test('Home shows every profile from the stores, production and sandbox totals apart', async ({ app, sim }) => {
  test.setTimeout(180_000)
  const { page, desk } = app
  await onWallets(page)
  const sandbox = (await desk.router.call('profiles.list', {}))[0]!
  // A production profile whose wallets the app has read once.
  const live = await setupWorkspace(sim.production.url)
  const prod = await desk.router.call('profiles.create', {
    name: 'Live books',
    environment: 'production',
    baseUrl: sim.production.url,
    algorithm: 'ed25519',
  })
  await registerProfileKey(desk, sim.production.url, live.workspaceId, prod.id)
  await desk.router.call('profiles.select', { profileId: prod.id })
  await desk.router.call('wallets.list', {})
  await desk.router.call('profiles.select', { profileId: sandbox.id })
  await live.client.sender.close()

  await openSection(page, 'Home')
  const rows = page.getByTestId('home-profile')
  await expect(rows).toHaveCount(2)
  await expect(rows.filter({ hasText: 'Live books' })).toContainText('1,000,000')
  await expect(rows.filter({ hasText: 'Live books' })).toContainText('PRODUCTION')
  await expect(page.getByTestId('home-total-production')).toContainText('1,000,000 USDC')
  await expect(page.getByTestId('home-total-sandbox')).toBeVisible()
  await expect(page.getByTestId('home-total-sandbox')).not.toContainText('1,000,000 USDC')
  await expect(page.getByRole('heading', { name: 'Profiles', level: 2 })).toBeVisible()
  // A profile's balances are a column of money: every fraction starts at one x, so the decimal points line up.
  const fractions = rows
    .filter({ hasNotText: 'Live books' })
    .getByRole('list', { name: 'Balances' })
    .locator('.money-frac')
  // The sandbox's balances arrive after its total: wait for the column, then measure it.
  await expect.poll(() => fractions.count()).toBeGreaterThan(1)
  const lefts = await fractions.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)))
  expect(new Set(lefts).size).toBe(1)
  await snap(page, 'home')
  await page.setViewportSize({ width: 1280, height: 800 })
  expect(await layoutProblems(page)).toEqual({
    sideways: [],
    cutWithoutTitle: [],
    squeezed: [],
    offscreen: [],
    topBarWraps: [],
  })

  // A profile's name opens it.
  await rows.filter({ hasText: 'Live books' }).getByRole('button', { name: 'Live books' }).click()
  await expect(page.getByRole('heading', { name: 'Wallets', level: 1 })).toBeVisible()
})

test('a destination file with bad lines is refused whole, naming each line; a clean one is imported with progress', async ({
  app,
}) => {
  test.setTimeout(180_000)
  const { page, desk } = app
  await onWallets(page)
  await openSection(page, 'Destinations')
  await page.getByRole('button', { name: 'Export / Import' }).click()
  const input = page.getByLabel('CSV file to import')
  const bad = destinationCsv(6).split('\r\n')
  bad[2] = bad[2]!.replace(/0x[0-9a-f]{40}/, '0x12')
  bad[5] = bad[5]!.replace(',DE,', ',Germany,')
  await input.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad.join('\r\n')) })
  const problems = page.getByTestId('import-problems')
  await expect(problems).toContainText('The file has 2 problems; nothing was imported.')
  await expect(problems.getByRole('listitem')).toHaveText([/^Line 3/, /^Line 6/])
  await snap(page, 'destinations-import-problems')
  await page.setViewportSize({ width: 1280, height: 800 })
  expect(await layoutProblems(page)).toEqual({
    sideways: [],
    cutWithoutTitle: [],
    squeezed: [],
    offscreen: [],
    topBarWraps: [],
  })

  await input.setInputFiles({ name: 'clean.csv', mimeType: 'text/csv', buffer: Buffer.from(destinationCsv(5, 'e2e')) })
  await page.getByTestId('import-ready').getByRole('button', { name: 'Import 5 destinations' }).click()
  await expect(page.getByTestId('import-progress')).toContainText('Created 5, already existed 0, refused 0. Finished.')
  await snap(page, 'destinations-import-done')
  expect(
    (await desk.router.call('counterparties.list', {})).filter((c) => c.label.startsWith('Import e2e ')),
  ).toHaveLength(5)
})
