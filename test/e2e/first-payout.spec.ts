import Big from 'big.js'
import type { Locator, Page } from '@playwright/test'
import { AGENT_REQUESTER, AgentPayouts } from '../../electron/core/connector'
import { AgentPolicy } from '../../electron/core/policy/use-cases'
import { SUPPLIER_ADDRESS, verifiedSupplier } from '../harness/e2e-destinations'
import { consolePost, expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'
import { allowAgentTools } from '../harness/e2e-agent-policy'
import { chooseDestination } from '../harness/destination-picker'
import { openPayoutTab } from '../harness/e2e-payout-tabs'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

async function review(page: Page, walletName: string, amount: string): Promise<Locator> {
  await openSection(page, 'Payouts')
  await page.getByRole('button', { name: 'New payout' }).click()
  const form = page.getByRole('form', { name: 'New payout' })
  await form.getByLabel('From wallet').selectOption({ label: walletName })
  await form.getByLabel('Asset').selectOption('USDC')
  const network = form.getByLabel('Network')
  if (await network.isVisible()) await network.selectOption('ethereum-sepolia')
  await form.getByLabel(/^Amount/).fill(amount)
  await chooseDestination(form, `Supplier · ${SUPPLIER_ADDRESS}`)
  await form.getByRole('button', { name: 'Review' }).click()
  return page.getByRole('region', { name: 'Review payout' })
}

test('first payout: never paid before needs the tick; a test amount is followed to completion, then the rest is offered and sent', async ({
  app,
  sim,
}) => {
  // Two requests, each a flow of its own, and a test payout followed by the poller (up to 30 s) in between.
  test.slow() // three times the test's minute
  const { page, desk } = app
  await onWallets(page)
  await verifiedSupplier(desk, sim.sandbox.url)
  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia' && new Big(b.available).gt(100)),
  )!

  const first = await review(page, wallet.name, '100')
  const notice = first.getByTestId('first-payout')
  await expect(notice).toContainText('Never paid before.')
  await expect(notice).toContainText('No payout to this address on Ethereum Sepolia has completed')
  const request = first.getByRole('button', { name: 'Request payout' })
  await expect(request).toBeDisabled()

  await first.getByLabel('Send a test amount first').check()
  const testAmount = first.getByLabel('Test amount (USDC)')
  for (const [typed, problem] of [
    ['0', 'The amount must be more than zero.'],
    ['100', 'A test amount is less than the full amount (100 USDC).'],
    ['0.0000001', 'This asset does not allow that many decimal places.'],
  ]) {
    await testAmount.fill(typed!)
    await expect(first.getByText(problem!)).toBeVisible()
  }
  await testAmount.fill('1.5')
  await expect(first.getByTestId('test-amount')).toContainText(
    'the app offers the rest: 98.5 USDC to the same destination',
  )
  const requestTest = first.getByRole('button', { name: 'Request test payout' })
  // The amount is fine; the new destination is not confirmed yet.
  await expect(requestTest).toBeDisabled()
  await first.getByLabel('I have checked this new destination with the recipient').check()
  await expect(requestTest).toBeEnabled()
  await snap(page, 'first-payout-review')
  await requestTest.click()
  await expect(page.getByTestId('payout-outcome')).toContainText('Requested — waiting for approval in the console.')
  await page.getByRole('button', { name: 'Back to payouts' }).click()
  await openPayoutTab(page, 'Waiting')

  const testPayout = page.getByTestId('test-payout')
  await expect(testPayout).toHaveAttribute('data-state', 'waiting')
  await expect(testPayout).toContainText('Test payout of 1.5 USDC to Supplier')
  await expect(testPayout).toContainText('The rest, 98.5 USDC, is offered once it has completed.')
  await expect(testPayout.getByRole('button', { name: 'Review the rest' })).toHaveCount(0)
  const sent = (await desk.router.call('payouts.outbox', {})).find((e) => e.body.amount === '1.5')!
  for (const step of ['approve', 'process', 'complete'])
    await consolePost(sim.sandbox.url, `/withdrawals/${sent.withdrawalId}/${step}`)

  // The app follows the test payout to completion on its own (the poller), then offers the rest.
  await expect(testPayout).toHaveAttribute('data-state', 'completed', { timeout: 30_000 })
  await expect(testPayout).toContainText('completed. The rest to send: 98.5 USDC.')
  await snap(page, 'first-payout-rest-offered')
  await testPayout.getByRole('button', { name: 'Review the rest' }).click()

  const rest = page.getByRole('region', { name: 'Review payout' })
  await expect(rest.getByTestId('rest-of-test')).toBeVisible()
  await expect(rest.getByTestId('review-amount').locator('[data-value="98.5"]')).toContainText('USDC')
  await expect(rest.getByTestId('review-destination')).toContainText(SUPPLIER_ADDRESS)
  // Paid before now: no tick, no test amount.
  await expect(rest.getByText('Checking whether this address was paid before…')).toHaveCount(0)
  await expect(rest.getByTestId('first-payout')).toHaveCount(0)
  await expect(rest.getByTestId('test-amount')).toHaveCount(0)
  await snap(page, 'first-payout-rest-review')
  await rest.getByRole('button', { name: 'Request payout' }).click()
  await expect(page.getByTestId('payout-outcome')).toContainText('Requested — waiting for approval in the console.')
  await page.getByRole('button', { name: 'Back to payouts' }).click()
  await openPayoutTab(page, 'Waiting')
  await expect(page.getByTestId('console-waiting-row')).not.toHaveCount(0)
  await expect(page.getByTestId('test-payouts')).toHaveCount(0)
  const restEntry = (await desk.router.call('payouts.outbox', {})).find((e) => e.body.amount === '98.5')!
  expect(restEntry).toMatchObject({
    state: 'accepted',
    body: { destination: SUPPLIER_ADDRESS, network: 'ethereum-sepolia', wallet_id: wallet.id, asset: 'USDC' },
  })
})

test('a test payout the approver rejects says so and offers no rest', async ({ app, sim }) => {
  const { page, desk } = app
  await onWallets(page)
  await verifiedSupplier(desk, sim.sandbox.url)
  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia' && new Big(b.available).gt(100)),
  )!
  const first = await review(page, wallet.name, '100')
  await first.getByLabel('Send a test amount first').check()
  await first.getByLabel('Test amount (USDC)').fill('2')
  await first.getByLabel('I have checked this new destination with the recipient').check()
  await first.getByRole('button', { name: 'Request test payout' }).click()
  // The click only starts the request: wait until the provider accepted it and the outbox holds its id.
  const acceptedId = async () =>
    (await desk.router.call('payouts.outbox', {})).find((e) => e.body.amount === '2')?.withdrawalId ?? null
  await expect.poll(acceptedId).not.toBeNull()
  await expect(page.getByTestId('payout-outcome')).toBeVisible()
  await page.getByRole('button', { name: 'Back to payouts' }).click()
  await openPayoutTab(page, 'Waiting')
  await consolePost(sim.sandbox.url, `/withdrawals/${await acceptedId()}/reject`)
  const test = page.getByTestId('test-payout')
  await expect(test).toHaveAttribute('data-state', 'failed', { timeout: 30_000 })
  await expect(test).toContainText('it did not arrive (rejected). The rest is not offered.')
  await expect(test.getByRole('button', { name: 'Review the rest' })).toHaveCount(0)
  await snap(page, 'first-payout-test-rejected')
  await test.getByRole('button', { name: 'Dismiss' }).click()
  await expect(page.getByTestId('test-payouts')).toHaveCount(0)
})

test("an agent's first payout held by the policy says why on its held row; the rule is set in the policy form", async ({
  app,
  sim,
}) => {
  const { page, desk } = app
  await onWallets(page)
  await verifiedSupplier(desk, sim.sandbox.url)
  const panel = await allowAgentTools(page)
  await panel.getByRole('button', { name: 'Edit policy' }).click()
  await panel.getByLabel('Hold every agent payout for a person').uncheck()
  await panel.getByLabel("Hold an agent's first payout to a destination for a person").check()
  await panel.getByRole('button', { name: 'Save policy' }).click()
  await expect(panel.getByTestId('policy-rules')).toContainText(
    "An agent's first payout to a destination (no payout to that address has completed yet) waits for a person at the desk.",
  )

  const session = await desk.sessions.session()
  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia' && new Big(b.available).gt(1)),
  )!
  const agent = new AgentPayouts(session.payouts, session.client, new AgentPolicy(session.store, AGENT_REQUESTER))
  const body = {
    wallet_id: wallet.id,
    asset: 'USDC',
    amount: '1',
    destination: SUPPLIER_ADDRESS,
    network: 'ethereum-sepolia',
  }
  await expect(agent.request('agent-first-payout', body)).rejects.toMatchObject({
    code: 'payout_held',
    rule: 'hold_first_payout',
  })
  await openSection(page, 'Payouts')
  await openPayoutTab(page, 'Held')
  const row = page.getByRole('region', { name: 'Held for you' }).getByTestId('held-row')
  await expect(row).toContainText('First payout to this destination')
  await expect(row).not.toContainText('hold_first_payout')
  await snap(page, 'first-payout-held')
})
