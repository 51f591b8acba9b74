import type { App } from '../harness/e2e-fixtures'
import { SUPPLIER_ADDRESS, verifiedSupplier } from '../harness/e2e-destinations'
import { consolePost, expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

/** Stands in for the system: records each notification the page shows, and lets the test click one. */
const RECORD_NOTIFICATIONS = `(() => {
  const shown = []
  window.__notifications = shown
  window.Notification = class {
    static permission = 'default'
    static requestPermission() { window.Notification.permission = 'granted'; return Promise.resolve('granted') }
    constructor(title, options) { this.title = title; this.body = options?.body; this.onclick = null; shown.push(this) }
    close() {}
  }
})()`

const shownBodies = (app: App) => () => app.page.evaluate<string[]>('window.__notifications.map((n) => n.body)')

/** The simulator profile with system notifications allowed and a verified Supplier; requests a USDC payout to it. */
async function notifyingDesk(app: App, consoleUrl: string): Promise<(amount: string) => Promise<string>> {
  const { page, desk } = app
  await page.addInitScript(RECORD_NOTIFICATIONS)
  await page.reload()
  await onWallets(page)
  await page.getByTestId('notifications-toggle').click()
  await expect(page.getByTestId('notifications-toggle')).toHaveCount(0)
  await verifiedSupplier(desk, consoleUrl)
  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia'),
  )!
  return async (amount) => {
    const { withdrawal } = await desk.router.call('payouts.request', {
      wallet_id: wallet.id,
      asset: 'USDC',
      network: 'ethereum-sepolia',
      amount,
      destination: SUPPLIER_ADDRESS,
      fee_priority: 'low',
    })
    return withdrawal!.id
  }
}

test('a payout that is approved or completed is announced in the app and by the system; either opens its detail', async ({
  app,
  sim,
}) => {
  const { page } = app
  const pay = await notifyingDesk(app, sim.sandbox.url)
  const id = await pay('1234.5')
  await openSection(page, 'Payouts')
  await expect(page.getByTestId('payout-row').first()).toBeVisible()

  await consolePost(sim.sandbox.url, `/withdrawals/${id}/approve`)
  const notices = page.getByTestId('notices')
  await expect(notices).toContainText('Payout of 1,234.5 USDC to Supplier approved.', { timeout: 30_000 })
  await expect.poll(shownBodies(app)).toContain('Payout of 1,234.5 USDC to Supplier approved.')
  await snap(page, 'notifications-approved')

  // The in-app notice opens the payout.
  await openSection(page, 'Wallets')
  // The demo's older payouts waiting for approval have their own reminder notice.
  await notices.locator('.notice', { hasText: 'approved.' }).getByRole('button', { name: 'Open' }).click()
  await expect(page.getByRole('heading', { name: 'Payout', level: 1 })).toBeVisible()
  await expect(page.getByTestId('party')).toContainText('Supplier')

  // The system notification opens it too.
  for (const step of ['process', 'complete']) await consolePost(sim.sandbox.url, `/withdrawals/${id}/${step}`)
  await expect.poll(shownBodies(app), { timeout: 30_000 }).toContain('Payout of 1,234.5 USDC to Supplier completed.')
  await openSection(page, 'Destinations')
  await page.evaluate(`window.__notifications.find((n) => n.body.endsWith('completed.')).onclick()`)
  await expect(page.getByRole('heading', { name: 'Payout', level: 1 })).toBeVisible()
  await expect(page.locator('.screen-head .chip').first()).toHaveText('completed')
})

test('a payout rejected, failed or expired is announced in the app and by the system; each opens its own detail', async ({
  app,
  sim,
}) => {
  const { page } = app
  const pay = await notifyingDesk(app, sim.sandbox.url)
  // Each ends in its own status, so the status on the detail screen tells which payout it shows.
  const endings = [
    { amount: '101', steps: ['reject'], status: 'rejected' },
    { amount: '102', steps: ['approve', 'process', 'fail'], status: 'failed' },
    { amount: '103', steps: ['approve', 'expire'], status: 'expired' },
  ].map((e) => ({ ...e, text: `Payout of ${e.amount} USDC to Supplier ${e.status}.` }))
  const ids: string[] = []
  for (const e of endings) ids.push(await pay(e.amount))
  await openSection(page, 'Payouts')
  for (const [i, e] of endings.entries())
    for (const step of e.steps) await consolePost(sim.sandbox.url, `/withdrawals/${ids[i]}/${step}`)

  const notices = page.getByTestId('notices')
  for (const e of endings) await expect.poll(shownBodies(app), { timeout: 30_000 }).toContain(e.text)
  // Three at once fold into one line with a count, in the bad tone of what happened (issue 54); Show all lists them.
  const more = notices.getByTestId('notices-more')
  await expect(more).toHaveText(/\d+ earlier notices/)
  await expect(more).toHaveClass(/\bbad\b/)
  await snap(page, 'notifications-endings-folded')
  await more.getByRole('button', { name: /^Show all \d+$/ }).click()
  for (const e of endings) {
    await expect(notices).toContainText(e.text)
    await expect(notices.locator('.notice', { hasText: e.text })).toHaveAttribute('data-tone', 'bad')
  }
  await snap(page, 'notifications-endings')

  const detailStatus = page.locator('.screen-head .chip').first()
  for (const [i, e] of endings.entries()) {
    await openSection(page, 'Wallets')
    await notices.locator('.notice', { hasText: e.text }).getByRole('button', { name: 'Open' }).click()
    await expect(page.getByRole('heading', { name: 'Payout', level: 1 })).toBeVisible()
    await expect(detailStatus).toHaveText(e.status)
    await expect(page.getByText(ids[i]!, { exact: true })).toBeVisible()

    await openSection(page, 'Destinations')
    await page.evaluate(`window.__notifications.find((n) => n.body === ${JSON.stringify(e.text)}).onclick()`)
    await expect(page.getByRole('heading', { name: 'Payout', level: 1 })).toBeVisible()
    await expect(detailStatus).toHaveText(e.status)
    await expect(page.getByText(ids[i]!, { exact: true })).toBeVisible()
  }
})
