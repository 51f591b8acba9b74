import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { EventBus } from '../../../electron/core/event-bus'
import { historyHandlers } from '../../../electron/core/history/handlers'
import { reconcile, REPORT_STEP_ROWS } from '../../../electron/core/history/reconciliation'
import { buildReport } from '../../../electron/core/history/report-run'
import type { DeskStore, LedgerRepo } from '../../../electron/core/store'
import type { SessionHost } from '../../../electron/core/session/session-host'
import { loadedLedger } from '../../harness/ledger-fixture'
import { sampleLeg } from '../../harness/sample-leg'

const T0 = Date.parse('2026-10-01T00:00:00.000Z')
const ROWS = REPORT_STEP_ROWS * 2 + 500
const PERIOD = { from: '2026-09-30T00:00:00.000Z', to: '2026-10-31T00:00:00.000Z' }

const load = (into: string) =>
  loadedLedger(
    into,
    Array.from({ length: ROWS }, (_, i) =>
      sampleLeg(i, { created_at: new Date(T0 + i * 60_000).toISOString(), amount: '0.1' }),
    ),
    Date.parse('2026-11-01T00:00:00.000Z'),
  )

// Loading the ledger's rows is most of this file's work: the tests that only read share one loaded store, the one
// that commits a sync loads its own. Each test saves into a directory of its own.
let storeDir: string
let store: DeskStore
let ledger: LedgerRepo
let dir: string
beforeAll(async () => {
  storeDir = await mkdtemp(join(tmpdir(), 'report-run-store-'))
  ;({ store, ledger } = load(storeDir))
})
afterAll(async () => {
  store.close()
  await rm(storeDir, { recursive: true, force: true })
})
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'report-run-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('a report built step by step', () => {
  it('reports progress between steps and ends with the same report as one built at once', async () => {
    const seen: number[] = []
    const report = await buildReport(store, PERIOD, undefined, (rows) => seen.push(rows))
    expect(seen).toEqual([REPORT_STEP_ROWS, REPORT_STEP_ROWS * 2])
    expect(report).toEqual(reconcile(ledger, PERIOD))
    expect(report.groups[0]!.incoming).toEqual({ count: ROWS, sum: '2050' })
  })

  it('counts the ledger as it was when it began: a sync committing between two steps changes nothing in it', async () => {
    const own = await mkdtemp(join(tmpdir(), 'report-run-sync-'))
    const { store, ledger } = load(own)
    onTestFinished(async () => {
      store.close()
      await rm(own, { recursive: true, force: true })
    })
    const before = reconcile(ledger, PERIOD)
    let synced = false
    const report = await buildReport(store, PERIOD, undefined, () => {
      if (synced) return
      synced = true
      const late = Array.from({ length: 300 }, (_, i) =>
        sampleLeg(ROWS + i, { created_at: new Date(T0 + (ROWS + i) * 60_000).toISOString(), amount: '5' }),
      )
      const now = Date.parse('2026-11-02T00:00:00.000Z')
      const walk = {
        after: null,
        before: null,
        cursor: null,
        newest: null,
        oldest: null,
        pages: 1,
        rows: late.length,
        startedAt: now,
      }
      store.transaction('a sync step', () => ledger.commitPage(late, walk, true, now, now))
    })
    expect(synced).toBe(true)
    expect(report).toEqual(before)
    // The next report sees the sync.
    expect((await buildReport(store, PERIOD)).rows).toBe(ROWS + 300)
  })

  it('a cancel stops it between two steps', async () => {
    const controller = new AbortController()
    await expect(buildReport(store, PERIOD, controller.signal, () => controller.abort())).rejects.toMatchObject({
      code: 'cancelled',
    })
  })
})

describe('the report export channel', () => {
  const handlers = (events: EventBus) => {
    const host = {
      session: async () => ({
        store,
        ledger,
        profile: { name: 'Ops', environment: 'sandbox', baseUrl: 'http://127.0.0.1:1' },
      }),
    } as unknown as SessionHost
    return historyHandlers({ host, events, chooseSavePath: async (name) => join(dir, name) })
  }

  it('writes the report with its header block and reports the rows counted as export progress', async () => {
    const events = new EventBus()
    const progress: unknown[] = []
    events.subscribe((event, payload) => event === 'export.progress' && progress.push(payload))
    const result = await handlers(events)['history.exportReport'](PERIOD)
    expect(result).toMatchObject({
      path: join(dir, 'reconciliation-2026-09-30-2026-10-31.csv'),
      rows: ROWS,
      cancelled: false,
    })
    const csv = readFileSync(result.path!, 'utf8')
    expect(csv).toMatch(/^report,reconciliation\r\nperiod_from \(exclusive\),2026-09-30T00:00:00.000Z\r\n/)
    expect(csv).toContain('\r\nprofile,Ops\r\nenvironment,sandbox\r\n')
    expect(progress).toEqual([
      { exportId: result.exportId, rows: REPORT_STEP_ROWS, pages: 0, done: false },
      { exportId: result.exportId, rows: REPORT_STEP_ROWS * 2, pages: 0, done: false },
      { exportId: result.exportId, rows: ROWS, pages: 0, done: true },
    ])
  })

  it('a cancel while it counts leaves no file', async () => {
    const events = new EventBus()
    const channels = handlers(events)
    events.subscribe((event, payload) => {
      if (event === 'export.progress')
        void channels['history.cancelExport']({ exportId: (payload as { exportId: string }).exportId })
    })
    const result = await channels['history.exportReport'](PERIOD)
    expect(result).toMatchObject({ path: null, rows: REPORT_STEP_ROWS, cancelled: true })
    expect(readdirSync(dir).filter((f) => f.endsWith('.csv') || f.endsWith('.part'))).toEqual([])
    expect(existsSync(join(dir, 'reconciliation-2026-09-30-2026-10-31.csv'))).toBe(false)
  })
})
