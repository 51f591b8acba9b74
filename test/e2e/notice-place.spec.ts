import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { extractText } from 'unpdf'
import { createSupplier, SUPPLIER_ADDRESS, verifiedSupplier } from '../harness/e2e-destinations'
import { checkA11y, consolePost, expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'

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

/** The screens whose title sat under the notices and alarms before they moved onto ScreenHead (issue 54). */
const SCREENS = [
  { nav: /^Batches/, title: 'Batches' },
  { nav: /^Month-end close/, title: 'Month-end close' },
  { nav: /^Notifications/, title: 'Notifications' },
  { nav: /^People/, title: 'People' },
] as const
type Screen = (typeof SCREENS)[number]

/** Opens the screen from the nav; its title's box. */
async function titleOf(page: Page, screen: Screen) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: screen.nav }).click()
  const title = page.getByRole('heading', { name: screen.title, level: 1 })
  await expect(title).toBeVisible()
  return (await title.boundingBox())!
}

/** Each alarm and the notices shown once, below the title. */
async function allBelow(page: Page, title: { y: number; height: number }) {
  for (const id of ['alteration-alarm', 'screening-alarm', 'notices']) {
    const box = page.getByTestId(id)
    await expect(box).toHaveCount(1)
    await expect(box).toBeVisible()
    expect((await box.boundingBox())!.y, id).toBeGreaterThan(title.y + title.height)
  }
}

test('alarms and notices show once under the title on Batches, Month-end close, Notifications and People', async ({
  app,
  sim,
}) => {
  // Two payouts followed by the poller, a screening read of the book, and four screens visited twice.
  test.slow()
  const { page, desk } = app
  await onWallets(page)
  // People is an admin's section: the desk's first person, an admin, is at the desk at once.
  await desk.router.call('people.add', { name: 'Ada', role: 'admin', passphrase: 'ada passphrase' })
  await expect(
    page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^People/ }),
  ).toBeVisible()
  await verifiedSupplier(desk, sim.sandbox.url)
  const before = new Map<string, number>()
  for (const screen of SCREENS) before.set(screen.title, (await titleOf(page, screen)).y)

  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia'),
  )!
  const pay = async () => {
    const body = { wallet_id: wallet.id, asset: 'USDC', network: 'ethereum-sepolia', amount: '1.5' }
    const { withdrawal } = await desk.router.call('payouts.request', { ...body, destination: SUPPLIER_ADDRESS })
    return withdrawal!.id
  }
  // Two waiting payouts to an address a screening list then names: the alarm shows on every screen from then on.
  await pay()
  const altered = await pay()
  await openSection(page, 'Safety')
  const screening = page.getByTestId('screening-panel')
  await screening.getByLabel('List file (sdn.xml or CSV)').setInputFiles({
    name: 'internal.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`network,address,entry\nethereum,${SUPPLIER_ADDRESS.toLowerCase()},case 21\n`),
  })
  await screening.getByLabel('List name').fill('Internal')
  await screening.getByRole('button', { name: 'Import list' }).click()
  await expect(page.getByTestId('screening-alarm')).toBeVisible()

  // A payout altered at the provider while Batches is open: its alarm and its notice arrive under the title.
  const batches = await titleOf(page, SCREENS[0])
  expect(batches.y).toBe(before.get('Batches'))
  await consolePost(sim.sandbox.url, `/withdrawals/${altered}/alter`, { amount: '9' })
  await consolePost(sim.sandbox.url, `/withdrawals/${altered}/approve`)
  await expect(page.getByTestId('alteration-alarm')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('notices').locator('.notice.bad')).toBeVisible()
  const title = page.getByRole('heading', { name: 'Batches', level: 1 })
  expect((await title.boundingBox())!.y).toBe(before.get('Batches'))
  await allBelow(page, batches)

  for (const screen of SCREENS) {
    const box = await titleOf(page, screen)
    expect(box.y, screen.title).toBe(before.get(screen.title))
    await allBelow(page, box)
    await snap(page, `alarms-under-header-${screen.title.toLowerCase().replaceAll(' ', '-')}`)
  }
  // From the keyboard: People's header has no control, so the first Tab into the content reaches the alarm.
  await page.getByRole('main').focus()
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('alteration-alarm').getByRole('button', { name: 'Acknowledge…' })).toBeFocused()
  await checkA11y(page)
})

/** The screen's title once open, and each box that holds an alarm or notices now, below it. */
async function titleAbove(page: Page, title: Locator, ids: string[]) {
  await expect(title).toBeVisible()
  const box = (await title.boundingBox())!
  for (const id of ids) {
    await expect(page.getByTestId(id)).toBeVisible()
    expect((await page.getByTestId(id).boundingBox())!.y, id).toBeGreaterThan(box.y + box.height)
  }
  return box.y
}

test('the alarm shows under the title of a payout receipt and of a new batch too', async ({ app, sim }) => {
  // A payout completed at the console, a screening read of the book, and two screens visited twice.
  test.slow()
  const { page, desk } = app
  await onWallets(page)
  await verifiedSupplier(desk, sim.sandbox.url)
  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia'),
  )!
  const pay = async () => {
    const body = { wallet_id: wallet.id, asset: 'USDC', network: 'ethereum-sepolia', amount: '1.5' }
    const { withdrawal } = await desk.router.call('payouts.request', { ...body, destination: SUPPLIER_ADDRESS })
    return withdrawal!.id
  }
  const paid = await pay()
  for (const step of ['approve', 'process', 'complete'])
    await consolePost(sim.sandbox.url, `/withdrawals/${paid}/${step}`)
  await pay()

  const receiptTitle = page.getByRole('region', { name: 'Receipt' }).getByRole('heading', { name: 'Payout receipt' })
  const openReceipt = async () => {
    await openSection(page, 'Payouts')
    await page.getByLabel('Search payouts').fill(paid)
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByTestId('search-row').first().getByRole('button').first().click()
    await page.getByRole('button', { name: 'Receipt' }).click()
  }
  const batchTitle = page.getByTestId('batch-screen').getByRole('heading', { name: 'New batch', level: 1 })
  const openBatch = async () => {
    await openSection(page, 'Payouts')
    await page.getByRole('button', { name: 'Batch from CSV' }).click()
  }
  await openBatch()
  const batchBefore = await titleAbove(page, batchTitle, [])
  await expect(page.getByTestId('batch-screen')).toBeFocused()
  await openReceipt()
  const receiptBefore = await titleAbove(page, receiptTitle, [])

  // The waiting payout's address named by a screening list: the alarm shows on every screen from then on.
  await openSection(page, 'Safety')
  const screening = page.getByTestId('screening-panel')
  await screening.getByLabel('List file (sdn.xml or CSV)').setInputFiles({
    name: 'internal.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`network,address,entry\nethereum,${SUPPLIER_ADDRESS.toLowerCase()},case 21\n`),
  })
  await screening.getByLabel('List name').fill('Internal')
  await screening.getByRole('button', { name: 'Import list' }).click()
  await expect(page.getByTestId('screening-alarm')).toBeVisible()

  await openReceipt()
  expect(await titleAbove(page, receiptTitle, ['screening-alarm']), 'receipt').toBe(receiptBefore)
  await snap(page, 'alarms-under-header-receipt')
  // The printed receipt keeps its title and leaves the alarm under it out.
  const file = join(desk.dataDir, 'receipt.pdf')
  await page.pdf({ path: file, format: 'A4' })
  const { text } = await extractText(new Uint8Array(await readFile(file)), { mergePages: true })
  expect(text).toContain('Payout receipt')
  expect(text).not.toContain('screening list')
  await openBatch()
  expect(await titleAbove(page, batchTitle, ['screening-alarm']), 'new batch').toBe(batchBefore)
  await expect(page.getByTestId('batch-screen')).toBeFocused()
  await snap(page, 'alarms-under-header-new-batch')
  await checkA11y(page)
})
