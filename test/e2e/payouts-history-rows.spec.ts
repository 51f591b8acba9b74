import { seedAgentMonth } from '../harness/agent-requests-seed'
import { allowAgentTools } from '../harness/e2e-agent-policy'
import { checkA11y, consolePost, expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'
import { openKeyedProfile } from '../harness/e2e-production'
import { layoutProblems, textProblems } from '../harness/layout-check'
import { PROFILE_NAME, seedTeamWeek } from '../harness/team-week-seed'
import { openPayoutTab } from '../harness/e2e-payout-tabs'

const WINDOW = { width: 1280, height: 860 }
const ADDRESS = '0xE9800387E448B82c3064d5146CD8Bb37C2d8EE26'

test.describe("Payouts' History with a team's week", () => {
  // 500 writes to seed and 300 payouts followed: the app and the simulator get a budget that does not make this wait.
  test.use({ deskPacing: { limit: 1200, windowSeconds: 60 } })

  // The team's 300 payouts (names at their limits in five scripts), then a whole and a fractional amount in other
  // assets: "1 ETH" above "5,685.0151 USDC" is where whole amounts used to sit off the decimal column.
  test.beforeEach(async ({ desk, sim }) => {
    test.setTimeout(300_000)
    await consolePost(sim.sandbox.url, '/settings', { rate_limit_per_minute: 6000 })
    await openKeyedProfile(desk, PROFILE_NAME, 'sandbox', sim.sandbox.url)
    const book = await seedTeamWeek({ desk }, sim.sandbox.url, { destinations: 200, waiting: 300 })
    const wallet = (await consolePost(sim.sandbox.url, '/wallets', {
      workspace_id: 'ws-demo',
      name: 'Gas and fees',
      balances: [
        { asset: 'ETH', network: 'ethereum-sepolia', amount: '40', available: '40', decimals: 18, usd_price: 3000 },
        { asset: 'USDC', network: 'ethereum-sepolia', amount: '90000', available: '90000', decimals: 6, usd_price: 1 },
      ],
    })) as { id: string }
    const to = { wallet_id: wallet.id, network: 'ethereum-sepolia', destination: book[1]!.address }
    await desk.router.call('payouts.request', { ...to, asset: 'USDC', amount: '5685.0151', fee_priority: 'medium' })
    await desk.router.call('payouts.request', { ...to, asset: 'ETH', amount: '1', fee_priority: 'medium' })
  })

  test('at 1280×860 every History row is one line, the table fits the window, amounts align on the decimal point', async ({
    app,
  }) => {
    const { page } = app
    await page.setViewportSize(WINDOW)
    await openSection(page, 'Payouts')
    await openPayoutTab(page, 'History')
    const table = page.getByRole('table', { name: 'Payouts' })
    const rows = table.getByTestId('payout-row')
    await expect(rows).toHaveCount(50, { timeout: 60_000 })
    const whole = table.locator('[data-value="1"]')
    const fractional = table.locator('[data-value="5685.0151"]')
    await expect(whole).toBeVisible()
    await expect(fractional).toBeVisible()

    const heights = await rows.evaluateAll((rs) => rs.map((r) => Math.round(r.getBoundingClientRect().height)))
    expect
      .soft(
        heights.filter((h) => h > 36),
        `rows taller than 36 px of ${heights.length}`,
      )
      .toEqual([])
    const box = (await table.boundingBox())!
    expect.soft(box.x + box.width, 'the table ends inside the window').toBeLessThanOrEqual(WINDOW.width)
    expect
      .soft(await layoutProblems(page), 'History: layout')
      .toEqual({ sideways: [], cutWithoutTitle: [], squeezed: [], offscreen: [], topBarWraps: [] })
    expect.soft(await textProblems(page), 'History: text').toEqual({ brokenWords: [], cutMidName: [] })

    // The decimal point of "1 ETH" (where it would be) and of "5,685.0151 USDC" and the team's "1,234,567.123456".
    const point = (amount: typeof whole) =>
      amount.locator('.money-frac').evaluate((e) => e.getBoundingClientRect().left)
    const team = table.locator('[data-value$=".123456"]').first()
    const [a, b, c] = [await point(whole), await point(fractional), await point(team)]
    expect
      .soft(Math.abs(a - b), `decimal points of 1 ETH at x=${a}, of 5,685.0151 USDC at x=${b}`)
      .toBeLessThanOrEqual(1)
    expect
      .soft(Math.abs(b - c), `decimal points of 5,685.0151 USDC at x=${b}, of the team's at x=${c}`)
      .toBeLessThanOrEqual(1)

    // The full request time stays in reach: the tooltip for the mouse, the text for a screen reader.
    const time = rows.first().locator('time')
    await expect(time).toHaveAttribute('title', /.+/)
    await snap(page, 'payouts-history-team-1280')
    await checkA11y(page)
  })
})

test.describe('amounts as money beyond the payout list', () => {
  // Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
  test.use({ seed: 'simulator' })

  test("Preferences' dust thresholds and the policy backtest show amounts as money, on the decimal point", async ({
    app,
  }) => {
    const { page, desk } = app
    await onWallets(page)
    // The defaults mix whole thresholds (USDC 1) and fractional ones (ETH 0.0005): one column of money.
    await openSection(page, 'Preferences')
    const dust = page.getByRole('table', { name: 'Dust thresholds by asset' })
    await expect(dust.locator('[data-value="0.0005"]')).toHaveAttribute('title', '0.0005 ETH')
    const points = await dust
      .locator('.money .money-frac')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left * 10) / 10))
    expect(points.length, 'a money amount a threshold').toBeGreaterThanOrEqual(5)
    expect(Math.max(...points) - Math.min(...points), `decimal points at x=${points.join(', ')}`).toBeLessThanOrEqual(1)
    // Who set it, in sentence case like every other word on screen (it said "default").
    await expect(dust.locator('tbody tr td:nth-child(3)').first()).toHaveText(/^(Default|This profile)$/)

    // Recorded agent requests of 0.1, 0.2 and 0.3 ETH, replayed under the policy in the form.
    seedAgentMonth((await desk.sessions.session()).store, Date.now() - 60_000, ADDRESS, 'ethereum-sepolia', 3)
    const panel = await allowAgentTools(page)
    await panel.getByRole('button', { name: 'Edit policy' }).click()
    const backtest = page.getByRole('region', { name: 'Policy backtest' })
    await backtest.getByRole('button', { name: 'Run backtest' }).click()
    const row = backtest.getByTestId('backtest-row').first()
    await expect(row.locator('.money')).toHaveAttribute('data-value', /^0\.[123]$/)
    await expect(row.locator('.money .asset')).toHaveText('ETH')
  })
})
