import type { Page } from '@playwright/test'
import { join } from 'node:path'
import { AGENT_REQUESTER } from '../../electron/core/connector'
import { SUPPLIER_ADDRESS } from '../harness/e2e-destinations'
import { consolePost, expect, openSection, snap, test, type TestDesk } from '../harness/e2e-fixtures'
import { openKeyedProfile } from '../harness/e2e-production'
import { destinationPicker } from '../harness/destination-picker'
import { layoutProblems, selectShowsWhole, textProblems } from '../harness/layout-check'
import { PROFILE_NAME, seedTeamWeek, WALLET_NAME } from '../harness/team-week-seed'
import { openPayoutTab } from '../harness/e2e-payout-tabs'

/** Text at a field's limit without a space to break at: what a real book holds at worst. */
const long = (stem: string, length: number) => stem.repeat(Math.ceil(length / stem.length)).slice(0, length)
const PROFILE = long('OpsSandboxTreasury', 80)
const LIVE_PROFILE = long('LiveTreasuryProduction', 80)
const LABEL = long('SupplierAcmeInvoices', 120)
const COMPANY = long('AcmeHoldingsGmbH', 120)
const VASP = long('ExampleCustodyBank', 120)
const WALLET = long('OperatingWalletEUR', 120)
const REFERENCE = long('INV2026-', 120)
const SCREENS = join(import.meta.dirname, '..', '..', 'test-results', 'screens')
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]

/** The demo workspace with names at their limits: a wallet, a destination paid from it twice, a held agent payout. */
async function seed(desk: TestDesk, url: string): Promise<void> {
  const wallet = (await consolePost(url, '/wallets', {
    workspace_id: 'ws-demo',
    name: WALLET,
    balances: [
      { asset: 'USDC', network: 'ethereum-sepolia', amount: '5000', available: '5000', decimals: 6, usd_price: 1 },
    ],
  })) as { id: string }
  const { counterparty } = await desk.router.call('counterparties.create', {
    network: 'ethereum-sepolia',
    address: SUPPLIER_ADDRESS,
    counterparty_type: 'company',
    company_name: COMPANY,
    wallet_type: 'vasp',
    vasp_name: VASP,
    country: 'DE',
    label: LABEL,
  })
  await consolePost(url, `/counterparties/${counterparty.id}/verify`)
  const body = {
    wallet_id: wallet.id,
    asset: 'USDC',
    network: 'ethereum-sepolia',
    destination: SUPPLIER_ADDRESS,
    fee_priority: 'medium' as const,
  }
  const { withdrawal } = await desk.router.call('payouts.request', { ...body, amount: '1234' })
  for (const step of ['approve', 'process', 'complete'])
    await consolePost(url, `/withdrawals/${withdrawal!.id}/${step}`)
  await desk.router.call('payouts.request', { ...body, amount: '12.5' })
  const session = await desk.sessions.session()
  await session.payouts.outbox.add({ ...body, amount: '0.75' }, AGENT_REQUESTER, new Date(), 'agent-layout-held', {
    state: 'held',
  })
}

/**
 * At each size: nothing of `main` scrolls sideways, no id is squeezed, the badge and every button show. The themes
 * change colours only, so one is measured; axe runs in the accessibility spec, not here.
 */
async function checkScreen(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size)
    const found = await layoutProblems(page)
    expect
      .soft(found, `${name} at ${size.width}×${size.height}`)
      .toEqual({ sideways: [], cutWithoutTitle: [], squeezed: [], offscreen: [], topBarWraps: [] })
    await expect.soft(page.getByRole('banner').getByTestId('env-badge')).toBeInViewport({ ratio: 1 })
    await snap(page, `layout-${name}-${size.width}`)
  }
  await page.setViewportSize(SIZES[0]!)
}

/** The long label is on screen, cut or not, and whole in a title for the mouse. */
async function expectTitled(page: Page, text: string): Promise<void> {
  await expect.soft(page.locator('main').locator(`[title="${text}"]`).first()).toBeVisible()
}

test.describe('names at their field limits', () => {
  // Made through the core before the page opens: the profile named at its limit, current, and its workspace seeded.
  test.beforeEach(async ({ desk, sim }) => {
    await openKeyedProfile(desk, PROFILE, 'sandbox', sim.sandbox.url)
    await seed(desk, sim.sandbox.url)
  })

  test('Wallets, a wallet, Transactions, a transaction, Destinations and a destination hold at 1280×800 and 1920×1080', async ({
    app,
  }) => {
    // Six screens, each measured and photographed at two sizes.
    test.slow()
    const { page } = app
    await page.setViewportSize(SIZES[0]!)
    await expect(page.getByRole('heading', { name: 'Wallets', level: 1 })).toBeVisible()
    // The picker names the profile and its environment, whatever the width.
    await expect.soft(page.locator('#profile-picker')).toHaveAttribute('title', `${PROFILE} (sandbox)`)
    expect.soft(await selectShowsWhole(page, '#profile-picker', `Sandbox · ${PROFILE.slice(0, 12)}`)).toBe(true)
    await expect(page.getByRole('table', { name: 'Wallets' }).getByRole('button', { name: WALLET })).toBeVisible()
    await checkScreen(page, 'wallets')

    await page.getByRole('table', { name: 'Wallets' }).getByRole('button', { name: WALLET }).click()
    await expect(page.getByRole('table', { name: 'Recent movements' })).toContainText('1,234 USDC')
    await expectTitled(page, LABEL)
    await checkScreen(page, 'wallet-detail')

    await openSection(page, 'Transactions')
    const table = page.getByRole('table', { name: 'Transactions' })
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: LABEL.slice(0, 10) })
        .first(),
    ).toBeVisible({ timeout: 60_000 })
    await checkScreen(page, 'transactions')
    await table
      .getByRole('row')
      .filter({ hasText: LABEL.slice(0, 10) })
      .first()
      .click()
    await expect(page.getByTestId('tx-detail')).toBeVisible()
    await checkScreen(page, 'transaction-detail')

    await openSection(page, 'Destinations')
    await expectTitled(page, LABEL)
    await checkScreen(page, 'destinations')
    await page
      .getByTestId('destination-row')
      .filter({ hasText: LABEL.slice(0, 10) })
      .getByRole('button')
      .first()
      .click()
    await expect(page.getByTestId('destination-facts')).toContainText(COMPANY)
    await checkScreen(page, 'destination-detail')
  })

  test('Payouts, a payout, a batch review and Keys & profiles in sandbox and production hold at 1280×800 and 1920×1080', async ({
    app,
    sim,
  }) => {
    // Five screens, each measured and photographed at two sizes.
    test.slow()
    const { page, desk } = app
    await page.setViewportSize(SIZES[0]!)
    await openSection(page, 'Payouts')
    await expect(page.getByTestId('payout-row').filter({ hasText: LABEL.slice(0, 10) })).toHaveCount(2)
    await expectTitled(page, LABEL)
    await checkScreen(page, 'payouts')
    await page.getByTestId('payout-row').first().getByRole('button').first().click()
    await expect(page.getByRole('heading', { name: 'Payout', level: 1 })).toBeVisible()
    await checkScreen(page, 'payout-detail')

    await openSection(page, 'Payouts')
    await page.getByRole('button', { name: 'Batch from CSV' }).click()
    const csv = [
      'destination;amount;asset;network;wallet;reference',
      `${LABEL};0.01;USDC;ethereum-sepolia;${WALLET};${REFERENCE}`,
    ].join('\n')
    await page
      .getByTestId('batch-screen')
      .getByLabel('CSV file')
      .setInputFiles({ name: 'long.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await expect(page.getByTestId('batch-review')).toContainText('1 of 1 rows ready to pay')
    await checkScreen(page, 'batch-review')

    await openSection(page, 'Keys & profiles')
    await expect(page.getByRole('heading', { name: PROFILE, level: 2 })).toBeVisible()
    await checkScreen(page, 'keys')
    // The page is longer than the window (screening lists, the payee-change wait): whole once scrolled to, never cut.
    const remove = page.locator('main').getByRole('button', { name: 'Remove profile' })
    await remove.scrollIntoViewIfNeeded()
    await expect(remove).toBeInViewport({ ratio: 1 })

    // Production is marked across the whole window, not only by the badge.
    await expect(page.getByTestId('production-frame')).toHaveCount(0)
    await openKeyedProfile(desk, LIVE_PROFILE, 'production', sim.production.url)
    await page.reload()
    await openSection(page, 'Keys & profiles')
    await expect(page.getByRole('heading', { name: LIVE_PROFILE, level: 2 })).toBeVisible()
    const frame = page.getByTestId('production-frame')
    await expect(frame).toBeVisible()
    expect(await frame.boundingBox()).toEqual({ x: 0, y: 0, ...SIZES[0]! })
    expect.soft(await selectShowsWhole(page, '#profile-picker', `Production · ${LIVE_PROFILE.slice(0, 12)}`)).toBe(true)
    await checkScreen(page, 'keys-production')
  })
})

test.describe("a team's week", () => {
  // 500 writes to seed and 300 payouts followed: the app and the simulator get a budget that does not make this wait.
  test.use({ deskPacing: { limit: 1200, windowSeconds: 60 } })
  let book: Awaited<ReturnType<typeof seedTeamWeek>>

  // Made through the core before the page opens: the profile, its 200 destinations and 300 waiting payouts.
  test.beforeEach(async ({ desk, sim }) => {
    test.setTimeout(300_000)
    await consolePost(sim.sandbox.url, '/settings', { rate_limit_per_minute: 6000 })
    await openKeyedProfile(desk, PROFILE_NAME, 'sandbox', sim.sandbox.url)
    book = await seedTeamWeek({ desk }, sim.sandbox.url, { destinations: 200, waiting: 300 })
  })

  test('200 destinations and 300 waiting payouts, names at their limits in five scripts, hold at 1280×800 on every screen', async ({
    app,
  }) => {
    const { page } = app
    await page.setViewportSize(SIZES[0]!)

    const check = async (name: string) => {
      const layout = await layoutProblems(page)
      expect
        .soft(layout, `${name}: layout`)
        .toEqual({ sideways: [], cutWithoutTitle: [], squeezed: [], offscreen: [], topBarWraps: [] })
      expect.soft(await textProblems(page), `${name}: text`).toEqual({ brokenWords: [], cutMidName: [] })
      // One theme, the window only: a full page of 300 rows in two themes costs more than it shows.
      await page.screenshot({ path: join(SCREENS, `team-week-${name}.png`) })
    }

    const wallets = page.getByRole('table', { name: 'Wallets' })
    await expect(wallets.getByRole('button', { name: WALLET_NAME })).toBeVisible({ timeout: 60_000 })
    await check('wallets')
    await wallets.getByRole('button', { name: WALLET_NAME }).click()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await check('wallet-detail')

    await openSection(page, 'Destinations')
    await expect
      .poll(() => page.getByTestId('destination-row').count(), { timeout: 60_000 })
      .toBeGreaterThanOrEqual(book.length)
    await check('destinations')
    await page.getByTestId('destination-row').nth(2).getByRole('button').first().click()
    await expect(page.getByTestId('destination-facts')).toBeVisible()
    await check('destination-detail')

    await openSection(page, 'Payouts')
    await expect(page.getByTestId('payout-row')).not.toHaveCount(0, { timeout: 60_000 })
    await check('payouts')
    await openPayoutTab(page, 'Waiting')
    await expect(page.getByRole('tab', { name: /^Waiting/ })).toContainText(/3\d\d/, { timeout: 60_000 })
    await check('payouts-waiting')
    // The form is a page of its own: at the top of the window, never below the 300 waiting rows (issue 54).
    await page.getByRole('button', { name: 'New payout' }).click()
    const form = page.getByRole('form', { name: 'New payout' })
    await expect(form.getByLabel('From wallet')).toBeInViewport()
    await expect(form.getByRole('button', { name: 'Review' })).toBeInViewport()
    await form.getByLabel('From wallet').selectOption({ label: WALLET_NAME })
    await form.getByLabel('Asset').selectOption('USDC')
    await destinationPicker(form).click()
    await expect.poll(() => form.getByRole('listbox').getByRole('option').count()).toBeGreaterThanOrEqual(book.length)
    await check('payout-form-picker')
    await destinationPicker(form).fill(book[3]!.address.slice(-8))
    await expect(form.getByRole('listbox').getByRole('option')).toHaveCount(1)
    await destinationPicker(form).press('Enter')
    await expect(destinationPicker(form)).toHaveValue(new RegExp(`${book[3]!.address}$`))

    await openSection(page, 'Keys & profiles')
    await expect(page.getByRole('heading', { name: PROFILE_NAME, level: 2 })).toBeVisible()
    await check('keys')
  })
})
