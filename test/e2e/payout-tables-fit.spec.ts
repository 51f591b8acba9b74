import type { Locator, Page } from '@playwright/test'
import { AGENT_REQUESTER, AgentPayouts } from '../../electron/core/connector'
import { AgentPolicy } from '../../electron/core/policy/use-cases'
import { NO_RULES } from '../../shared/policy/policy-schema'
import { checkA11y, consolePost, expect, openSection, snap, test } from '../harness/e2e-fixtures'
import { openKeyedProfile } from '../harness/e2e-production'
import { openPayoutTab } from '../harness/e2e-payout-tabs'
import { layoutProblems } from '../harness/layout-check'
import { atLimit, PROFILE_NAME, seedTeamWeek, WALLET_NAME } from '../harness/team-week-seed'

const WINDOW = { width: 1280, height: 860 }
const QUEUED = 3
const HELD = 3

/** Each row's height, rounded: one line of a table is at most 36 px (issue 54). */
async function rowHeights(rows: Locator): Promise<number[]> {
  return rows.evaluateAll((rs) => rs.map((r) => Math.round(r.getBoundingClientRect().height)))
}

/** The table's rows are one line each, and the table and its box end inside the window. */
async function oneLineAndInside(page: Page, region: Locator, rows: Locator, what: string): Promise<void> {
  const heights = await rowHeights(rows)
  expect.soft(heights.length, `${what}: rows`).toBeGreaterThan(0)
  expect
    .soft(
      heights.filter((h) => h > 36),
      `${what}: rows taller than 36 px of ${heights.join(', ')}`,
    )
    .toEqual([])
  const table = (await region.locator('table').first().boundingBox())!
  expect.soft(table.x + table.width, `${what}: the table ends inside the window`).toBeLessThanOrEqual(WINDOW.width)
  const found = await layoutProblems(page)
  expect.soft(found.sideways.concat(found.offscreen, found.cutWithoutTitle), `${what}: layout`).toEqual([])
}

test.describe("Payouts' other tables with a team's week at 1280×860 (issue 54)", () => {
  // 300 payouts to seed and follow: the app and the simulator get a budget that does not make this wait.
  test.use({ deskPacing: { limit: 1200, windowSeconds: 60 } })

  test.beforeEach(async ({ desk, sim }) => {
    test.setTimeout(300_000)
    await consolePost(sim.sandbox.url, '/settings', { rate_limit_per_minute: 6000 })
    await openKeyedProfile(desk, PROFILE_NAME, 'sandbox', sim.sandbox.url)
    const book = await seedTeamWeek({ desk }, sim.sandbox.url, { destinations: 40, waiting: 300 })
    const wallet = (await desk.router.call('wallets.list', {})).find((w) => w.name === WALLET_NAME)!
    const body = (i: number) => ({
      wallet_id: wallet.id,
      asset: 'USDC',
      network: 'ethereum-sepolia',
      amount: `${7654321 + i}.123456`,
      destination: book[i]!.address,
      fee_priority: 'medium' as const,
    })
    // The provider asks to wait a day: each waits to be sent, its reference at the limit.
    await consolePost(sim.sandbox.url, '/faults', {
      method: 'POST',
      path_prefix: '/api/v1/withdrawals',
      mode: 'status',
      status: 429,
      retry_after: 86400,
      times: QUEUED,
    })
    for (let i = 0; i < QUEUED; i++)
      await desk.router.call('payouts.request', { ...body(i), reference: atLimit(`WAIT-2026-${i}-`, 140) })
    // The agent's payouts, every one held for a person: names of the wallet and destinations at their limits.
    const profileId = (await desk.keys.profiles.current())!.id
    await desk.router.call('profiles.setAgentWriteTools', { profileId, enabled: true })
    await desk.router.call('policy.set', { profileId, policy: { ...NO_RULES, holdAll: true } })
    const session = await desk.sessions.session()
    const agent = new AgentPayouts(session.payouts, session.client, new AgentPolicy(session.store, AGENT_REQUESTER))
    for (let i = 0; i < HELD; i++)
      await expect(agent.request(`agent-held-${i}`, body(10 + i))).rejects.toMatchObject({ code: 'payout_held' })
    await desk.router.call('notify.set', { expiresAfterHours: 48 })
    // One the provider recorded otherwise than it was asked: a red row of its own under it in History.
    const { withdrawal } = await desk.router.call('payouts.request', { ...body(20), reference: atLimit('ALT-', 140) })
    await consolePost(sim.sandbox.url, `/withdrawals/${withdrawal!.id}/alter`, { amount: '9' })
  })

  test('Waiting to be sent, Held and the search results are one line a row; the Waiting header is one line', async ({
    app,
  }) => {
    const { page } = app
    await page.setViewportSize(WINDOW)
    await openSection(page, 'Payouts')

    await openPayoutTab(page, 'Waiting')
    const queued = page.getByRole('region', { name: 'Payouts waiting to be sent' })
    await expect(queued.getByTestId('waiting-row')).toHaveCount(QUEUED, { timeout: 60_000 })
    // The reference stays in reach whole: cut on screen, whole in its title.
    await expect(queued.getByTestId('entry-reference').first().locator('bdi')).toHaveAttribute('title', /^WAIT-2026-/)
    await oneLineAndInside(page, queued, queued.getByTestId('waiting-row'), 'Waiting to be sent')

    // The approvers' column: a short header on one line whatever the rows, its long words in its title.
    const consoleRows = page.getByTestId('console-waiting-row')
    await expect(consoleRows).toHaveCount(20, { timeout: 60_000 })
    const header = page.getByTestId('console-waiting').getByRole('columnheader').last()
    await expect.soft(header).toHaveAccessibleName('Summary for the approver')
    await expect.soft(header).toHaveAttribute('title', 'Summary for the approver')
    const lines = await header.evaluate((th) => {
      const range = document.createRange()
      range.selectNodeContents(th)
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size
    })
    expect.soft(lines, 'lines of the approvers’ header').toBe(1)
    await snap(page, 'payouts-waiting-tables-1280')

    await openPayoutTab(page, 'Held')
    const held = page.getByRole('region', { name: 'Held for you' })
    await expect(held.getByTestId('held-row')).toHaveCount(HELD, { timeout: 60_000 })
    await expect(held.getByTestId('held-row').first()).toContainText('verified')
    await oneLineAndInside(page, held, held.getByTestId('held-row'), 'Held')
    // Every header on one line ("From wallet" took two), and the destination's name keeps room to be read (34 px were
    // left for it beside the network's column: the network and fee are in the release's facts).
    for (const th of await held.getByRole('columnheader').all())
      expect.soft((await th.boundingBox())!.height).toBeLessThanOrEqual(36)
    const names = await held
      .locator('[data-testid="held-row"] td:nth-child(5) .party-name')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().width)))
    expect.soft(Math.min(...names), `destination names ${names.join(', ')} px wide`).toBeGreaterThanOrEqual(60)
    await snap(page, 'payouts-held-team-1280')
    await checkA11y(page)

    // The altered payout's row and the red row under it.
    await openPayoutTab(page, 'History')
    const list = page.getByRole('region', { name: 'Payout list' })
    const altered = list.locator('tr.altered')
    await expect(altered).toHaveCount(2, { timeout: 60_000 })
    await expect(list.getByTestId('altered-payout-row')).toContainText(/Amount: asked 7,?654,?341\.123456, recorded 9/)
    await oneLineAndInside(page, list, altered, 'Altered')

    // The search finds the team's 20 payouts with a reference at its limit: History's row, one line each.
    await page.getByLabel('Search payouts').fill('INV-2026')
    await page.getByRole('button', { name: 'Search' }).click()
    const results = page.getByRole('table', { name: 'Matching payouts' })
    await expect(results.getByTestId('search-row')).toHaveCount(20, { timeout: 60_000 })
    await expect(results.getByTestId('payout-reference').first().locator('bdi')).toHaveAttribute('title', /^INV-2026-/)
    await oneLineAndInside(page, list, results.getByTestId('search-row'), 'Search')
    const time = results.getByTestId('search-row').first().locator('time')
    await expect(time).toHaveAttribute('title', /\d{4}, \d{1,2}:\d{2}:\d{2}/)
    await snap(page, 'payouts-search-team-1280')
    await checkA11y(page)
  })
})
