import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { StatementSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activityPage } from '../../../electron/core/audit/activity'
import { decisionEntry } from '../../../electron/core/audit/decision-entry'
import { DeskStore, type AuditEntry } from '../../../electron/core/store'

const AT = '2026-11-20T09:00:00.000Z'
const body = (amount: string) => ({
  wallet_id: 'w1',
  asset: 'USDC',
  amount,
  destination: '0x00000000000000000000000000000000000000aa',
  network: 'ethereum-sepolia',
})
const sent = (key: string): AuditEntry => ({
  at: AT,
  kind: 'http',
  method: 'POST',
  path: '/api/v1/withdrawals',
  status: 201,
  errorCode: null,
  requestId: 'r',
  idempotencyKey: key,
  actor: 'app',
  detail: null,
})

/** How many statements a call runs, by counting every step SQLite is asked for (`all`, `get`, `iterate`). */
function statementsOf(run: () => void): number {
  const spies = (['all', 'get', 'iterate'] as const).map((m) => vi.spyOn(StatementSync.prototype, m))
  try {
    run()
    return spies.reduce((n, s) => n + s.mock.calls.length, 0)
  } finally {
    for (const s of spies) s.mockRestore()
  }
}

// Issue 54: Activity reads thousands of rows; naming each row's payout must not cost a query per row.
describe("Activity's rows with the payout each is about", () => {
  let dir: string
  let store: DeskStore
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'activity-payouts-'))
    store = DeskStore.open(dir, 'test')
  })
  afterEach(async () => {
    store.close()
    await rm(dir, { recursive: true, force: true })
  })

  /** Payouts `from` to `to` - 1, each held in the outbox with the audit row of its POST. */
  const seed = (from: number, to: number) =>
    store.transaction('seed', () => {
      for (let i = from; i < to; i++) {
        const key = `k${i}`
        const amount = `${i + 1}.5`
        store.outbox.insert(
          { idempotencyKey: key, body: body(amount), createdAt: AT, requestedBy: 'app', state: 'held' },
          'app',
        )
        store.audit.append(sent(key))
      }
    })

  it('reads the payouts of a 300-row page in as many statements as those of a 3-row page', () => {
    seed(0, 3)
    const small = statementsOf(() => activityPage(store, { limit: 300 }))
    expect(small).toBeGreaterThan(0)
    seed(3, 300)
    let page: ReturnType<typeof activityPage> | undefined
    const large = statementsOf(() => {
      page = activityPage(store, { limit: 300 })
    })
    expect(page!.rows).toHaveLength(300)
    expect(page!.rows.every((r) => r.payout?.asset === 'USDC')).toBe(true)
    expect(page!.rows.at(-1)).toMatchObject({ idempotencyKey: 'k0', payout: { amount: '1.5', payoutId: null } })
    expect(large).toBe(small)
    expect(large).toBeLessThanOrEqual(4)
  })

  it('leaves a row whose payout the store does not know as the row says it, with no guessed amount', () => {
    seed(0, 1)
    store.transaction('more', () => {
      store.audit.append(sent('gone'))
      store.audit.append(decisionEntry(new Date(AT), 'held.released', 'app', 'k0', { by: 'alice' }))
    })
    const [released, gone, first] = activityPage(store, {}).rows
    expect(released).toMatchObject({ action: 'released', payout: { amount: '1.5', asset: 'USDC' } })
    expect(gone).toMatchObject({ idempotencyKey: 'gone' })
    expect(gone).not.toHaveProperty('payout')
    expect(first).toMatchObject({ idempotencyKey: 'k0', payout: { amount: '1.5' } })
  })
})
