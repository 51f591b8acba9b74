import { execFileSync } from 'node:child_process'
import { DatabaseSync } from 'node:sqlite'
import { join } from 'node:path'
import { AGENT_REQUESTER, AgentPayouts } from '../../electron/core/connector'
import { AgentPolicy } from '../../electron/core/policy/use-cases'
import { profileDir } from '../../electron/core/profiles'
import { STORE_FILE } from '../../electron/core/store'
import { NO_RULES } from '../../shared/policy/policy-schema'
import { payableBody } from '../harness/e2e-destinations'
import { checkA11y, consolePost, expect, onWallets, snap, test } from '../harness/e2e-fixtures'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'payout-desk.js')

test('the top bar stop control, pressed from the keyboard, refuses a queued agent payout at its time; Resume', async ({
  app,
  sim,
}) => {
  const { page, desk } = app
  await onWallets(page)
  const bar = page.getByRole('banner')
  // No agent can write yet: no control.
  await expect(bar.getByTestId('agent-stop-control')).toHaveCount(0)
  const profileId = (await desk.keys.profiles.current())!.id
  await desk.router.call('profiles.setAgentWriteTools', { profileId, enabled: true })
  await desk.router.call('policy.set', { profileId, policy: NO_RULES })
  const stop = bar.getByRole('button', { name: 'Stop agent payouts' })
  await expect(stop).toBeVisible()

  // The provider asks the agent's payout to wait a day: it is queued, to be sent at its time.
  await consolePost(sim.sandbox.url, '/faults', {
    method: 'POST',
    path_prefix: '/api/v1/withdrawals',
    mode: 'status',
    status: 429,
    retry_after: 86400,
    times: 1,
  })
  const session = await desk.sessions.session()
  const agent = new AgentPayouts(session.payouts, session.client, new AgentPolicy(session.store, AGENT_REQUESTER))
  await agent.request('agent-queued', await payableBody(desk, '0.01')).catch(() => undefined)
  const entry = async () =>
    (await desk.router.call('payouts.outbox', {})).find((e) => e.idempotencyKey === 'agent-queued')
  expect((await entry())?.state).toBe('queued')

  await stop.focus()
  await page.keyboard.press('Enter')
  const resume = bar.getByRole('button', { name: 'Resume agent payouts' })
  await expect(resume).toBeVisible()
  await expect(bar.getByRole('status')).toHaveText('Agent stopped')
  await snap(page, 'agent-stopped')
  await checkA11y(page)

  // Its time comes (the provider's wait moved to the past): the app's sender reaches the send gate, which refuses it.
  const db = new DatabaseSync(join(profileDir(desk.dataDir, profileId), STORE_FILE))
  db.prepare('UPDATE outbox SET not_before = ? WHERE key = ?').run(
    new Date(Date.now() - 1000).toISOString(),
    'agent-queued',
  )
  db.close()
  await expect.poll(async () => (await entry())?.state, { timeout: 30_000 }).toBe('refused')
  expect((await entry())?.error).toMatchObject({ code: 'policy_denied' })
  expect(JSON.stringify((await entry())?.error)).toContain('agent_stopped')

  await resume.focus()
  await page.keyboard.press('Space')
  await expect(stop).toBeVisible()
  const audit = await desk.router.call('activity.page', { limit: 50 })
  expect(audit.rows.filter((r) => r.path.startsWith('agent.')).map((r) => [r.path, r.actor])).toEqual([
    ['agent.resumed', 'app'],
    ['agent.stopped', 'app'],
  ])
})

test('a stop and a resume made from the command line reach the open top bar without a reload', async ({ app }) => {
  const { page, desk } = app
  await onWallets(page)
  const bar = page.getByRole('banner')
  const profileId = (await desk.keys.profiles.current())!.id
  await desk.router.call('profiles.setAgentWriteTools', { profileId, enabled: true })
  await desk.router.call('policy.set', { profileId, policy: NO_RULES })
  await expect(bar.getByRole('button', { name: 'Stop agent payouts' })).toBeVisible()

  // `payout-desk agent stop` in its own process, on the app's data directory: no event of this process announces it.
  const cli = (...args: string[]) =>
    execFileSync(process.execPath, [BIN, 'agent', ...args, '--profile', profileId, '--home', desk.dataDir], {
      encoding: 'utf8',
    })
  expect(cli('stop', '--reason', 'review')).toContain('is stopped')
  await expect(bar.getByRole('button', { name: 'Resume agent payouts' })).toBeVisible()
  await expect(bar.getByRole('status')).toHaveText('Agent stopped')
  expect(cli('resume')).toContain('is resumed')
  await expect(bar.getByRole('button', { name: 'Stop agent payouts' })).toBeVisible()
})
