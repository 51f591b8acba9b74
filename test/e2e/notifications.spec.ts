import { createSupplier } from '../harness/e2e-destinations'
import { checkA11y, consolePost, expect, openSection, quickStart, snap, test } from '../harness/e2e-fixtures'

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'

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

test('a payout that is approved or completed is announced in the app and by the system; either opens its detail', async ({ app, sim }) => {
  const { page, desk } = app
  await page.addInitScript(RECORD_NOTIFICATIONS)
  await page.reload()
  await quickStart(page)
  await page.getByTestId('notifications-toggle').click()
  await expect(page.getByTestId('notifications-toggle')).toHaveCount(0)

  const counterparty = await createSupplier(desk)
  await consolePost(sim.sandbox.url, `/counterparties/${counterparty.id}/verify`)
  const wallet = (await desk.router.call('wallets.list', {})).find((w) => w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia'))!
  const { withdrawal } = await desk.router.call('payouts.request', {
    wallet_id: wallet.id, asset: 'USDC', network: 'ethereum-sepolia', amount: '1234.5', destination: ADDRESS, fee_priority: 'low',
  })
  await openSection(page, 'Payouts')
  await expect(page.getByTestId('payout-row').first()).toBeVisible()

  await consolePost(sim.sandbox.url, `/withdrawals/${withdrawal!.id}/approve`)
  const notices = page.getByTestId('notices')
  await expect(notices).toContainText('Payout of 1,234.5 USDC to Supplier approved.', { timeout: 30_000 })
  await expect.poll(() => page.evaluate('window.__notifications.map((n) => n.body)')).toContain('Payout of 1,234.5 USDC to Supplier approved.')
  await snap(page, 'notifications-approved')
  await checkA11y(page)

  // The in-app notice opens the payout.
  await openSection(page, 'Wallets')
  await notices.getByRole('button', { name: 'Open' }).click()
  await expect(page.getByRole('heading', { name: 'Payout', level: 1 })).toBeVisible()
  await expect(page.getByTestId('party')).toContainText('Supplier')

  // The system notification opens it too.
  for (const step of ['process', 'complete']) await consolePost(sim.sandbox.url, `/withdrawals/${withdrawal!.id}/${step}`)
  await expect.poll(() => page.evaluate('window.__notifications.map((n) => n.body)'), { timeout: 30_000 }).toContain('Payout of 1,234.5 USDC to Supplier completed.')
  await openSection(page, 'Destinations')
  await page.evaluate(`window.__notifications.find((n) => n.body.endsWith('completed.')).onclick()`)
  await expect(page.getByRole('heading', { name: 'Payout', level: 1 })).toBeVisible()
  await expect(page.locator('.screen-head .chip').first()).toHaveText('completed')
})
