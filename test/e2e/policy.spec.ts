import { AGENT_REQUESTER, AgentPayouts } from '../../electron/core/connector'
import { AgentPolicy } from '../../electron/core/policy/use-cases'
import { NO_RULES } from '../../shared/policy/policy-schema'
import { findNetwork } from '../../shared/api/networks'
import { type App, expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'
import { allowAgentTools } from '../harness/e2e-agent-policy'
import { payableBody } from '../harness/e2e-destinations'
import { openPayoutTab } from '../harness/e2e-payout-tabs'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

/** An agent's payout through the connector's own path: checked against the provider, then held by the policy. */
async function holdForPerson(app: App, key: string, amount: string, now = () => new Date()) {
  const session = await app.desk.sessions.session()
  const body = await payableBody(app.desk, amount)
  const policy = new AgentPolicy(session.store, AGENT_REQUESTER)
  const agent = new AgentPayouts(session.payouts, session.client, policy, now)
  await expect(agent.request(key, body)).rejects.toMatchObject({ code: 'payout_held', rule: 'hold_all' })
  const [wallets, book] = await Promise.all([
    app.desk.router.call('wallets.list', {}),
    app.desk.router.call('counterparties.list', {}),
  ])
  return {
    body,
    wallet: wallets.find((w) => w.id === body.wallet_id)!,
    destination: book.find((c) => c.network === body.network && c.address === body.destination)!,
  }
}

test('agent policy in Keys & profiles; held payouts released or rejected on Payouts', async ({ app }) => {
  const { page, desk } = app
  await onWallets(page)
  const panel = await allowAgentTools(page)
  await expect(panel.getByTestId('policy-origin')).toHaveText('No policy set: the default applies.')
  await expect(panel.getByTestId('policy-rules')).toContainText('Every payout waits for a person at the desk')
  await panel.getByRole('button', { name: 'Edit policy' }).click()
  await panel.getByLabel('Maximum per payout').fill('USDC=0')
  await panel.getByRole('button', { name: 'Save policy' }).click()
  await expect(panel.getByTestId('policy-problems')).toContainText('must be more than 0')
  await panel.getByLabel('Maximum per payout').fill('USDC=100, *=0')
  await panel.getByLabel('Maximum per rolling 24 hours').fill('usdc=250.5')
  await panel.getByLabel('Destinations').selectOption('verified_for')
  await panel.getByLabel('Verified at least (hours)').fill('24')
  await panel.getByLabel('Hold for a person above').fill('USDC=5')
  await panel.getByRole('button', { name: 'Save policy' }).click()
  await expect(panel.getByTestId('policy-origin')).toContainText(/Set by app \(.+\)/)
  await expect(panel.getByTestId('policy-rules')).toContainText('At most 100 USDC per payout.')
  await expect(panel.getByTestId('policy-rules')).toContainText('At most 250.5 USDC in total in any 24 hours')
  await expect(panel.getByTestId('policy-rules')).toContainText('Only destinations verified at least 24 hours ago.')
  await snap(page, 'keys-agent-policy')
  const profileId = (await desk.keys.profiles.current())!.id
  expect((await desk.router.call('policy.show', { profileId })).policy).toMatchObject({
    maxPerPayout: { USDC: '100', '*': '0' },
    holdAbove: { USDC: '5' },
  })

  // Every agent payout held, whatever its asset, so both requests below wait for a person.
  // Hold-all applies at once; dropping the caps allows more, so the whole policy is in force after the delay (1 h).
  const set = await desk.router.call('policy.set', { profileId, policy: { ...NO_RULES, holdAll: true } })
  expect(set).toMatchObject({
    policy: { holdAll: true, maxPerPayout: { '*': '0' } },
    pending: { policy: { ...NO_RULES, holdAll: true } },
  })
  const later = 61 * 60_000
  desk.fastForward(later)
  const atThen = () => new Date(Date.now() + later)
  const released = await holdForPerson(app, 'agent-e2e-release', '0.5', atThen)
  await holdForPerson(app, 'agent-e2e-reject', '0.25', atThen)
  // Half-formed (a destination's label, no network): refused by the payout check before the policy could hold it.
  const session = await desk.sessions.session()
  const agent = new AgentPayouts(session.payouts, session.client, new AgentPolicy(session.store, AGENT_REQUESTER))
  const { network: _omitted, ...halfFormed } = { ...released.body, destination: released.destination.label! }
  await expect(agent.request('agent-e2e-label', halfFormed)).rejects.toMatchObject({ code: 'validation_failed' })
  expect((await desk.router.call('payouts.outbox', {})).some((e) => e.idempotencyKey === 'agent-e2e-label')).toBe(false)
  await openSection(page, 'Payouts')
  await openPayoutTab(page, 'Held')
  const held = page.getByRole('region', { name: 'Held for you' })
  await expect(held.getByTestId('held-row')).toHaveCount(2)
  // The row shows what the provider will pay, as checked when the agent asked: names, not only ids.
  const row = held.getByTestId('held-row').first()
  // Display names, never internal ones (issue 54): the rule as a person reads it (the network, as in History's rows,
  // is in the release's facts below).
  for (const shown of [
    AGENT_REQUESTER,
    released.wallet.name,
    released.destination.label,
    'Every agent payout is held',
    'verified',
  ])
    await expect(row).toContainText(shown)
  await expect(row).not.toContainText('hold_all')
  await expect(row).not.toContainText(released.body.network!)
  await snap(page, 'payouts-held')

  await row.getByRole('button', { name: 'Release' }).click()
  const dialog = page.getByRole('dialog', { name: 'Release this payout?' })
  const facts = dialog.getByTestId('release-facts')
  for (const shown of [
    released.wallet.name,
    released.destination.label,
    released.destination.address,
    findNetwork(released.body.network!)!.name,
    'Every agent payout is held',
  ])
    await expect(facts).toContainText(shown)
  await expect(facts).not.toContainText('hold_all')
  await snap(page, 'payouts-held-release')
  await dialog.getByRole('button', { name: 'Release and send' }).click()
  await expect(held.getByTestId('held-row')).toHaveCount(1)
  await held.getByTestId('held-row').getByRole('button', { name: 'Reject' }).click()
  const reject = page.getByRole('dialog', { name: 'Reject this payout?' })
  await reject.getByLabel('Reason').fill('Not before month end')
  await reject.getByRole('button', { name: 'Reject' }).click()
  await expect(held).toBeHidden()

  const outbox = await desk.router.call('payouts.outbox', {})
  expect(outbox.find((e) => e.idempotencyKey === 'agent-e2e-release')).toMatchObject({
    state: 'accepted',
    withdrawalId: expect.any(String),
  })
  expect(outbox.find((e) => e.idempotencyKey === 'agent-e2e-reject')).toMatchObject({
    state: 'discarded',
    error: { code: 'held_rejected', message: 'Not before month end' },
  })
})
