import { consolePost, expect, openSection, snap, test } from '../harness/e2e-fixtures'
import { openKeyedProfile } from '../harness/e2e-production'
import { openPayoutTab } from '../harness/e2e-payout-tabs'
import { PROFILE_NAME, seedTeamWeek } from '../harness/team-week-seed'

const WINDOW = { width: 1280, height: 860 }

test.describe('300 payouts waiting on the console, names at their limits', () => {
  // 300 writes to seed: the app and the simulator get a budget that does not make this wait.
  test.use({ deskPacing: { limit: 1200, windowSeconds: 60 } })

  test.beforeEach(async ({ desk, sim }) => {
    test.setTimeout(300_000)
    await consolePost(sim.sandbox.url, '/settings', { rate_limit_per_minute: 6000 })
    await openKeyedProfile(desk, PROFILE_NAME, 'sandbox', sim.sandbox.url)
    await seedTeamWeek({ desk }, sim.sandbox.url, { destinations: 40, waiting: 300 })
    // Each row then says how much of its approval's life it has waited ("5 h 32 of 48 h"), the wider Waiting text.
    await desk.router.call('notify.set', { expiresAfterHours: 48 })
  })

  test('each waiting row is one line (at most 36 px) and the table keeps to 1280 px; the full time is in a title (issue 54)', async ({
    app,
  }) => {
    const { page } = app
    await page.setViewportSize(WINDOW)
    await openSection(page, 'Payouts')
    await openPayoutTab(page, 'Waiting')
    await expect(page.getByRole('tab', { name: /^Waiting/ })).toContainText(/3\d\d/, { timeout: 60_000 })
    const panel = page.getByTestId('console-waiting')
    const rows = panel.getByTestId('console-waiting-row')
    await expect(rows).toHaveCount(20)
    const heights = await rows.evaluateAll((rs) => rs.map((r) => Math.round(r.getBoundingClientRect().height)))
    expect(Math.max(...heights), `the waiting rows' heights: ${heights.join(', ')} px`).toBeLessThanOrEqual(36)
    const table = (await panel.locator('table').boundingBox())!
    const box = (await panel.boundingBox())!
    expect(table.x + table.width, 'the table ends inside its panel').toBeLessThanOrEqual(box.x + box.width)
    expect(box.x + box.width, 'the panel ends inside the window').toBeLessThanOrEqual(WINDOW.width)

    await expect(rows.first().getByTestId('approval-life')).toHaveText(/^(\d+ h( \d{2})?|\d+ min) of 48 h$/)
    // The short date on screen; the date, time to the second and zone in its title and read out whole.
    const time = rows.first().locator('time')
    await expect(time.locator('[aria-hidden="true"]')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{2}:\d{2}$/)
    await expect(time).toHaveAttribute('title', /\d{4}, \d{1,2}:\d{2}:\d{2}/)
    const full = (await time.getAttribute('title'))!
    await expect(rows.first().getByRole('button', { name: full })).toBeVisible()
    await snap(page, 'payouts-waiting-300-1280')
  })
})
