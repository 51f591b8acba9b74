import { readFile } from 'node:fs/promises'
import { AGENT_REQUESTER, AgentPayouts } from '../../electron/core/connector'
import { AgentPolicy } from '../../electron/core/policy/use-cases'
import { NO_RULES } from '../../shared/policy/policy-schema'
import { payableBody } from '../harness/e2e-destinations'
import { type App, expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'
import { openPayoutTab } from '../harness/e2e-payout-tabs'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

/** Stands in for the system: records each notification the page shows. */
const RECORD_NOTIFICATIONS = `(() => {
  const shown = []
  window.__notifications = shown
  window.Notification = class {
    static permission = 'granted'
    static requestPermission() { return Promise.resolve('granted') }
    constructor(title, options) { this.title = title; this.body = options?.body; this.onclick = null; shown.push(this) }
    close() {}
  }
})()`

const shownBodies = (app: App) => () => app.page.evaluate<string[]>('window.__notifications.map((n) => n.body)')

test('a payout waiting for approval shows its age, is listed oldest first with an approver summary, and has a threshold setting', async ({
  app,
}) => {
  const { page, desk } = app
  // The page's clock is the test's: the payout's age moves on without waiting four hours.
  await page.clock.install()
  await page.reload()
  await onWallets(page)
  const body = await payableBody(desk, '0.01')
  const { withdrawal } = await desk.router.call('payouts.request', { ...body, fee_priority: 'low' })
  await openSection(page, 'Payouts')
  await openPayoutTab(page, 'Waiting')
  const waiting = page.getByRole('region', { name: 'Waiting on the console' })
  const row = waiting.getByTestId('console-waiting-row').filter({ hasText: withdrawal!.id.slice(0, 6) })
  await expect(row).toBeVisible()
  // Oldest first: the demo's older payouts come before the one just requested.
  await expect(waiting.getByTestId('console-waiting-row').last()).toContainText(withdrawal!.id.slice(0, 6))
  await openPayoutTab(page, 'History')
  await expect(page.getByTestId('payout-row').first().getByTestId('waited')).toBeVisible()
  await openPayoutTab(page, 'Waiting')
  await page.clock.fastForward('03:59:00')
  await expect(row.getByTestId('waited')).toContainText(/for 3 h 5\d min/)

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await row.getByTestId('copy-approver-summary').click()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toContain(`Payout ${withdrawal!.id}`)
  expect(copied).toContain(body.destination)
  expect(copied).toMatch(/Approver words: \w+ \w+ \w+ \w+/)

  // The threshold is an app setting.
  await waiting.getByTestId('reminder-minutes').fill('30')
  await waiting.getByRole('button', { name: 'Save' }).click()
  await expect.poll(async () => (await desk.router.call('settings.get', {})).approvalReminderMinutes).toBe(30)
  await snap(page, 'waiting-on-console')
})

test('a payout waiting past the threshold reminds once, in the app and by the system, while the person is on Wallets and never opened Payouts', async ({
  app,
}) => {
  const { page, desk } = app
  await page.addInitScript(RECORD_NOTIFICATIONS)
  await page.reload()
  await onWallets(page)
  await openSection(page, 'Wallets')
  const body = await payableBody(desk, '0.01')
  const { withdrawal } = await desk.router.call('payouts.request', { ...body, fee_priority: 'low' })
  // The core's poller keeps the payout in the store; the reminder reads only that.
  const session = await desk.sessions.session()
  await expect.poll(() => session.store.withdrawals.get(withdrawal!.id)?.withdrawal.status).toBe('pending_approval')

  // The demo workspace's own older payouts wait too; this one is told apart by its amount.
  const mine = async () =>
    (await shownBodies(app)()).filter((b) => b.startsWith(`Payout of 0.01 ${body.asset} has waited`))
  desk.fastForward(239 * 60_000)
  await session.reminders.check()
  expect(await mine()).toEqual([])
  desk.fastForward(2 * 60_000)
  await expect.poll(mine).toEqual([expect.stringMatching(/has waited 4 h \d+ min for approval in the console/)])
  await expect(page.getByTestId('notices')).toContainText(`Payout of 0.01 ${body.asset} has waited 4 h`)
  await expect(page.getByRole('heading', { name: 'Wallets', level: 1 })).toBeVisible()
  desk.fastForward(60 * 60_000)
  await session.reminders.check()
  expect(await mine()).toHaveLength(1)
})

test('an agent request held for a person notifies at once, then expires as held_expired and is gone from the panel', async ({
  app,
}) => {
  const { page, desk } = app
  await page.addInitScript(RECORD_NOTIFICATIONS)
  await page.reload()
  await onWallets(page)
  const profileId = (await desk.keys.profiles.current())!.id
  // The agent asks, so its write tools are on: the send gate reads the switch at each of its sends and at the release.
  await desk.router.call('profiles.setAgentWriteTools', { profileId, enabled: true })
  await desk.router.call('policy.set', { profileId, policy: { ...NO_RULES, holdAll: true } })
  const session = await desk.sessions.session()
  const body = await payableBody(desk, '0.01')
  let now = new Date()
  const agent = new AgentPayouts(
    session.payouts,
    session.client,
    new AgentPolicy(session.store, AGENT_REQUESTER),
    () => now,
  )
  await expect(agent.request('agent-expiring', body)).rejects.toMatchObject({ code: 'payout_held' })
  await expect
    .poll(shownBodies(app))
    .toContainEqual(expect.stringMatching(/agent's payout of 0\.01 .* is held for you/))

  // The notice's Open lands on Payouts' Held tab (the tab is in the route).
  await page
    .getByTestId('notices')
    .locator('.notice', { hasText: 'is held for you' })
    .getByRole('button', { name: 'Open' })
    .click()
  await expect(page.getByRole('tab', { name: /^Held/ })).toHaveAttribute('aria-selected', 'true')
  const held = page.getByRole('region', { name: 'Held for you' })
  await expect(held.getByTestId('held-row')).toHaveCount(1)
  await expect(held.getByTestId('held-expires')).not.toBeEmpty()
  await snap(page, 'held-expiry')

  // A day and an hour later the agent calls again with the key: it hears held_expired, and the hold leaves the panel.
  now = new Date(Date.now() + 25 * 3_600_000)
  await expect(agent.request('agent-expiring', body)).rejects.toMatchObject({ code: 'held_expired' })
  await expect(held).toHaveCount(0)
  await expect(desk.router.call('held.release', { idempotencyKey: 'agent-expiring' })).rejects.toMatchObject({
    code: 'held_expired',
  })
  await openSection(page, 'Activity')
  await page.getByLabel('Action').selectOption('expired')
  await expect(page.getByTestId('activity-row').first()).toContainText('Held payout expired')
})

test('the activity view lists a release by a person with its time and process, filters, exports and shows the chain verified', async ({
  app,
}) => {
  const { page, desk } = app
  await onWallets(page)
  const profileId = (await desk.keys.profiles.current())!.id
  // The agent asks, so its write tools are on: the send gate reads the switch at each of its sends and at the release.
  await desk.router.call('profiles.setAgentWriteTools', { profileId, enabled: true })
  await desk.router.call('policy.set', { profileId, policy: { ...NO_RULES, holdAll: true } })
  const session = await desk.sessions.session()
  const agent = new AgentPayouts(session.payouts, session.client, new AgentPolicy(session.store, AGENT_REQUESTER))
  await expect(agent.request('agent-released', await payableBody(desk, '0.01'))).rejects.toMatchObject({
    code: 'payout_held',
  })
  await openSection(page, 'Payouts')
  await openPayoutTab(page, 'Held')
  await page.getByRole('region', { name: 'Held for you' }).getByRole('button', { name: 'Release' }).click()
  await page
    .getByRole('dialog', { name: 'Release this payout?' })
    .getByRole('button', { name: 'Release and send' })
    .click()
  await expect(page.getByRole('region', { name: 'Held for you' })).toHaveCount(0)

  await openSection(page, 'Activity')
  await expect(page.getByTestId('audit-verification')).toContainText(/Verified to row \d+ of \d+/)
  await expect(page.getByTestId('audit-verification')).toContainText('Every row was checked from the first.')
  await page.getByLabel('Action').selectOption('released')
  const release = page.getByTestId('activity-row').first()
  await expect(release).toContainText('Released a held payout')
  await expect(release).toContainText(' · app')
  await expect(release.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/)
  await expect(release).toContainText('key agent-released')
  // What the release paid, from the payout store: amount and destination, the payout id to copy (issue 54).
  await expect(release.getByTestId('activity-payout')).toHaveText(/^0\.01 \S+ to .+ \(.+\)$/)
  await expect(release.getByRole('button', { name: 'Copy payout id' })).toHaveCount(1)
  await page.getByRole('button', { name: 'Export ▾' }).click()
  await page.getByRole('button', { name: 'Export to CSV' }).click()
  const saved = /Exported (\d+) rows to (.+)$/.exec(
    (await page.getByText(/^Exported \d+ rows to/).textContent()) ?? '',
  )!
  expect(saved[1]).toBe('1')
  const csv = (await readFile(saved[2]!, 'utf8')).split('\r\n')
  expect(csv[0]).toBe('row,time,action,process,person,method,path,status,error_code,idempotency_key')
  expect(csv[1]).toMatch(
    /^\d+,\d{4}-\d\d-\d\dT[^,]+,released a held payout,app,[^,]+,LOCAL,held\.released,,,agent-released$/,
  )
  await page.getByLabel('Action').selectOption('')
  await page.getByLabel('Who (person or process)').fill('agent')
  await expect(page.getByTestId('activity-row').first()).toContainText('agent')
  await snap(page, 'activity')
  // One table style: each column's cells start where its header does, whatever their type size.
  const lefts = async (cells: string) =>
    page.locator(cells).evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)))
  expect(await lefts('[data-testid="activity-row"] >> nth=0 >> [role="cell"]')).toEqual(
    await lefts('.activity-header [role="columnheader"]'),
  )
  const noSideways = await page.evaluate(
    () => document.querySelector('main')!.scrollWidth <= document.querySelector('main')!.clientWidth,
  )
  expect(noSideways).toBe(true)
})

test("a batch's accepted rows appear in Payouts without Refresh", async ({ app }) => {
  const { page, desk } = app
  await onWallets(page)
  const body = await payableBody(desk, '0.01')
  const [book, wallets] = await Promise.all([
    desk.router.call('counterparties.list', {}),
    desk.router.call('wallets.list', {}),
  ])
  const destination = book.find((c) => c.address === body.destination && c.network === body.network)!
  const wallet = wallets.find((w) => w.id === body.wallet_id)!
  await openSection(page, 'Payouts')
  const rows = page.getByTestId('payout-row')
  await expect(page.getByRole('table', { name: 'Payouts' }).or(page.getByText('No payouts yet'))).toBeVisible()
  const before = await rows.count()

  await page.getByRole('button', { name: 'Batch from CSV' }).click()
  const csv = [
    'destination;amount;asset;network;wallet;reference',
    ...[1, 2, 3, 4].map((i) =>
      [destination.label, `0.0${i}`, body.asset, body.network, wallet.name, `live-${i}`].join(';'),
    ),
  ].join('\n')
  await page
    .getByTestId('batch-screen')
    .getByLabel('CSV file')
    .setInputFiles({ name: 'four.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await page
    .getByTestId('batch-review')
    .getByLabel(/^I have checked th/)
    .check()
  await page.getByTestId('batch-review').getByRole('button', { name: 'Record and send 4 payouts' }).click()
  await expect(page.getByTestId('batch-counts')).toContainText('Sent 4 of 4: 4 accepted', { timeout: 30_000 })
  // Batch from CSV opens the Batches screen: back on Payouts, the list already holds the batch's rows.
  await openSection(page, 'Payouts')
  await expect(rows).toHaveCount(before + 4, { timeout: 2_000 })
  await expect(page.getByTestId('payout-reference').filter({ hasText: /^live-\d$/ })).toHaveCount(4)
})
