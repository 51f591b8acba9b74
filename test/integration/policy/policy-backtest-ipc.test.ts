import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { profileDir } from '../../../electron/core/profiles'
import { DeskStore } from '../../../electron/core/store'
import { NO_RULES } from '../../../shared/policy/policy-schema'
import { seedAgentMonth } from '../../harness/agent-requests-seed'
import { MemorySecretStore } from '../../harness/memory-secret-store'

/** The app's backtest channel: the CLI's use case over a seeded month, from the store alone (no provider runs). */
let dir: string
let desk: Desk
let profileId: string

const ADDRESS = '0xE9800387E448B82c3064d5146CD8Bb37C2d8EE26'

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'policy-backtest-ipc-'))
  desk = await createDesk({ dataDir: dir, shell: 'test', version: '0.0.0', secretStore: new MemorySecretStore() })
  // Nothing listens here: a backtest that asked the provider anything would fail.
  const profile = await desk.router.call('profiles.create', {
    name: 'Ops',
    environment: 'sandbox',
    baseUrl: 'http://127.0.0.1:9',
    algorithm: 'ed25519',
  })
  profileId = profile.id
  await desk.router.call('policy.set', { profileId, policy: { ...NO_RULES, maxPerPayout: { ETH: '0.25' } } })
  const store = DeskStore.open(profileDir(dir, profileId), 'test')
  try {
    // 35 days: 0.1 ETH held, 0.2 ETH allowed and sent, 0.3 ETH refused, in turn; 5 older than the 30 asked.
    seedAgentMonth(store, Date.now() - 60_000, ADDRESS, 'ethereum-sepolia')
  } finally {
    store.close()
  }
})

afterAll(async () => {
  await desk?.dispose()
  await rm(dir, { recursive: true, force: true })
})

it('policy.backtest replays the seeded month under the proposed policy: the counts the CLI prints', async () => {
  const proposed = { ...NO_RULES, maxUsdPerPayout: '500' }
  const report = await desk.router.call('policy.backtest', { profileId, policy: proposed, days: 30 })
  expect(report).toMatchObject({ requests: 30, skipped: 0, would: { allowed: 10, held: 0, refused: 20 } })
  expect(report.changes).toEqual([
    { would: 'allowed', was: 'held', count: 10 },
    { would: 'refused', was: 'sent', count: 10 },
  ])
  expect(report.rows.find((row) => String(row.key) === 'seed-1')).toMatchObject({
    destination: ADDRESS,
    happened: { outcome: 'allowed', rule: null, sent: true },
    would: { outcome: 'refused', rule: 'max_usd_per_payout' },
  })
  // Fewer days, fewer requests; the policy in force is not changed by a backtest.
  expect(await desk.router.call('policy.backtest', { profileId, policy: proposed, days: 7 })).toMatchObject({
    requests: 7,
  })
  expect((await desk.router.call('policy.show', { profileId })).policy).toMatchObject({ maxPerPayout: { ETH: '0.25' } })
})

it('policy.backtest refuses a period it does not cover and a policy the schema refuses', async () => {
  await expect(desk.router.call('policy.backtest', { profileId, policy: NO_RULES, days: 0 })).rejects.toMatchObject({
    code: 'invalid_input',
  })
  const bad = { ...NO_RULES, maxUsdPerDay: '-1' }
  await expect(desk.router.call('policy.backtest', { profileId, policy: bad, days: 30 })).rejects.toMatchObject({
    code: 'invalid_input',
  })
})
