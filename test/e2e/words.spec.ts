import { randomBytes } from 'node:crypto'
import { seedAgentMonth } from '../harness/agent-requests-seed'
import { allowAgentTools } from '../harness/e2e-agent-policy'
import { SUPPLIER_ADDRESS, verifiedSupplier } from '../harness/e2e-destinations'
import { consolePost, expect, onWallets, openSection, test } from '../harness/e2e-fixtures'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

/** An instant as the core writes it: never shown to a person as such. */
const RAW_INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

test("a payee's new address, once verified, is announced as stopped by the payee-change wait, its time in the Times setting", async ({
  app,
  sim,
}) => {
  const { page, desk } = app
  await onWallets(page)
  const company = (label: string) =>
    desk.router.call('counterparties.create', {
      network: 'ethereum-sepolia',
      address: `0x${randomBytes(20).toString('hex')}`,
      counterparty_type: 'company',
      company_name: 'Northwind Traders',
      wallet_type: 'unhosted',
      country: 'DE',
      label,
    })
  await company('Northwind')
  const { counterparty: fresh } = await company('Northwind new account')
  // A display preference, set in Settings › Preferences (issue 54).
  await openSection(page, 'Preferences')
  await page.getByTestId('time-zone-toggle').click()
  await expect(page.getByTestId('time-zone-toggle')).toHaveText('Times: UTC')
  await openSection(page, 'Destinations')
  // The desk announces a verification it saw happen: it must first have read the address as waiting (under load the
  // screen's first read came after the console's verify, and there was nothing to announce).
  await expect(page.getByTestId('destination-row').filter({ hasText: 'Northwind new account' })).toContainText(
    'Waiting for verification',
  )
  await consolePost(sim.sandbox.url, `/counterparties/${fresh.id}/verify`)

  const notice = page.getByTestId('notices').getByText(/“Northwind new account” is verified/)
  await expect(notice).toBeVisible({ timeout: 30_000 })
  await expect(notice).not.toContainText('can receive payouts')
  await expect(notice).toContainText('stopped by the payee-change check')
  await expect(notice).toContainText('UTC')
  await expect(notice).not.toHaveText(RAW_INSTANT)

  // The destination's page says the same, its time through the formatter.
  await page.getByRole('main').getByRole('button', { name: 'Northwind new account', exact: true }).click()
  const state = page.getByTestId('payee-change').getByTestId('payee-change-state')
  await expect(state).toContainText('waiting until')
  await expect(state).toContainText('UTC')
  await expect(state).not.toHaveText(RAW_INSTANT)
})

test('the policy form starts from the policy in force; a waiting change names its rules in words', async ({ app }) => {
  const { page } = app
  await onWallets(page)
  const panel = await allowAgentTools(page)
  // No policy set: the default in force holds every agent payout, and the form opens saying so.
  await expect(panel.getByTestId('policy-origin')).toHaveText('No policy set: the default applies.')
  await panel.getByRole('button', { name: 'Edit policy' }).click()
  await expect(panel.getByLabel('Hold every agent payout for a person')).toBeChecked()

  await panel.getByLabel('Hold every agent payout for a person').uncheck()
  await panel.getByLabel('Maximum USD per payout').fill('500')
  await panel.getByRole('button', { name: 'Save policy' }).click()
  await expect(panel.getByTestId('policy-saved')).toBeVisible()
  // The form opens on the policy now in force; a higher limit allows more and waits.
  await panel.getByRole('button', { name: 'Edit policy' }).click()
  await expect(panel.getByLabel('Hold every agent payout for a person')).not.toBeChecked()
  await expect(panel.getByLabel('Maximum USD per payout')).toHaveValue('500')
  await panel.getByLabel('Maximum USD per payout').fill('1000')
  await panel.getByRole('button', { name: 'Save policy' }).click()
  const pending = panel.getByTestId('policy-pending')
  await expect(pending).toBeVisible()
  await expect(pending.getByRole('rowheader')).toHaveText(['Most USD per payout'])
  await expect(pending).not.toContainText('maxUsdPerPayout')
})

test('backtest rows name the destination beside its address', async ({ app, sim }) => {
  const { page, desk } = app
  await onWallets(page)
  await verifiedSupplier(desk, sim.sandbox.url, { label: 'Supplier' })
  seedAgentMonth((await desk.sessions.session()).store, Date.now() - 60_000, SUPPLIER_ADDRESS, 'ethereum-sepolia', 3)
  const panel = await allowAgentTools(page)
  await panel.getByRole('button', { name: 'Edit policy' }).click()
  const backtest = page.getByRole('region', { name: 'Policy backtest' })
  await backtest.getByRole('button', { name: 'Run backtest' }).click()
  const row = backtest.getByTestId('backtest-row').first()
  await expect(row).toContainText('Supplier')
})
