import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { activityPage, verifyActivity } from '../../electron/core/audit/activity'
import { decisionEntry } from '../../electron/core/audit/decision-entry'
import { DeskStore, type AuditEntry } from '../../electron/core/store'

const ROWS = 100_000
/** Rows written since the view was last opened (a working day of a busy desk). */
const NEW_ROWS = 1_000
const RUNS = 5

function entry(i: number): AuditEntry {
  const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000)
  if (i % 10 === 0) return decisionEntry(at, 'held.released', 'app', `k${i}`, { by: 'alice' })
  return {
    at: at.toISOString(),
    kind: 'http',
    method: i % 3 ? 'GET' : 'POST',
    path: i % 3 ? '/api/v1/wallets' : '/api/v1/withdrawals',
    status: 200,
    errorCode: null,
    requestId: `r${i}`,
    idempotencyKey: i % 3 ? null : `k${i}`,
    actor: i % 2 ? 'app' : 'agent',
    detail: null,
  }
}

/**
 * `activity_open_ms`: opening the Activity view on a log of about 100,000 rows (the last open ends at exactly 100,000),
 * its first page and the chain's verification state, median of 5. Before each open 1,000 rows were written since the
 * last one (the checkpoint is where that walk ended): the open walks those and checks the checkpoint row's hash.
 */
export default async function activityBench(): Promise<Record<string, number>> {
  const dir = await mkdtemp(join(tmpdir(), 'activity-bench-'))
  const store = DeskStore.open(dir, 'test')
  try {
    store.transaction('seed', () => {
      for (let i = 1; i <= ROWS - NEW_ROWS * RUNS; i++) store.audit.append(entry(i))
    })
    verifyActivity(store, true)
    const ms: number[] = []
    for (let run = 0; run < RUNS; run++) {
      store.transaction('new rows', () => {
        for (let i = 1; i <= NEW_ROWS; i++) store.audit.append(entry(ROWS - NEW_ROWS * (RUNS - run) + i))
      })
      const t0 = performance.now()
      const page = activityPage(store, {})
      const state = verifyActivity(store, false)
      ms.push(performance.now() - t0)
      if (page.rows.length !== 200 || !state.ok) throw new Error('the bench log did not open as written')
    }
    ms.sort((a, b) => a - b)
    return { activity_open_ms: ms[Math.floor(ms.length / 2)]! }
  } finally {
    store.close()
    await rm(dir, { recursive: true, force: true })
  }
}
