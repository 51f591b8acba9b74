import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import { activityPage, verifyActivity } from '../../../electron/core/audit/activity'
import { ACTIVITY_CSV_HEADER, exportActivityCsv } from '../../../electron/core/audit/activity-export'
import { decisionEntry } from '../../../electron/core/audit/decision-entry'
import { DeskStore, STORE_FILE, type AuditEntry } from '../../../electron/core/store'

const http = (at: string, method: string, path: string, actor: string, key: string | null = null): AuditEntry => ({
  at,
  kind: 'http',
  method,
  path,
  status: 201,
  errorCode: null,
  requestId: 'r',
  idempotencyKey: key,
  actor,
  detail: null,
})

describe('the Activity view over the audit log', () => {
  let dir: string
  let store: DeskStore
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'activity-'))
    store = DeskStore.open(dir, 'test')
    store.transaction('seed', () => {
      store.audit.append(http('2026-11-20T09:00:00.000Z', 'POST', '/api/v1/withdrawals', 'agent', 'k1'))
      store.audit.append(
        decisionEntry(new Date('2026-11-21T10:00:00.000Z'), 'held.released', 'app', 'k1', { by: 'alice' }),
      )
      store.audit.append(http('2026-11-21T10:00:01.000Z', 'GET', '/api/v1/wallets', 'app'))
      store.audit.append(http('2026-11-22T11:00:00.000Z', 'POST', '/api/v1/withdrawals/w9/cancel', 'cli'))
      store.audit.append(
        decisionEntry(new Date('2026-11-23T12:00:00.000Z'), 'policy.set', 'cli', null, { by: 'bob', policy: {} }),
      )
    })
  })
  afterEach(async () => {
    store.close()
    await rm(dir, { recursive: true, force: true })
  })

  const actions = (q: Parameters<typeof activityPage>[1]) =>
    activityPage(store, q).rows.map((r) => `${r.seq} ${r.action} ${r.actor}${r.person ? `/${r.person}` : ''}`)

  it('names who did what, newest first, and pages back by row', () => {
    expect(actions({})).toEqual([
      '5 policy_changed cli/bob',
      '4 cancelled cli',
      '3 read app',
      '2 released app/alice',
      '1 requested agent',
    ])
    const first = activityPage(store, { limit: 2 })
    expect(first.nextBefore).toBe(4)
    expect(activityPage(store, { limit: 2, beforeSeq: first.nextBefore! }).rows.map((r) => r.seq)).toEqual([3, 2])
    expect(activityPage(store, { limit: 5 }).nextBefore).toBeNull()
  })

  it('filters by process or person, by action and by a date range (offsets read as instants)', () => {
    expect(actions({ actor: 'alice' })).toEqual(['2 released app/alice'])
    expect(actions({ actor: 'cli' })).toEqual(['5 policy_changed cli/bob', '4 cancelled cli'])
    expect(actions({ action: 'requested' })).toEqual(['1 requested agent'])
    expect(actions({ from: '2026-11-21T00:00:00.000Z', to: '2026-11-22T00:00:00.000Z' })).toEqual([
      '3 read app',
      '2 released app/alice',
    ])
    expect(actions({ from: '2026-11-21T12:00:00+02:00', to: '2026-11-21T12:00:00.500+02:00' })).toEqual([
      '2 released app/alice',
    ])
    expect(actions({ actor: "x' OR 1=1 --" })).toEqual([])
  })

  it('shows the chain verified to its last row, then walks only new rows from the checkpoint', () => {
    expect(verifyActivity(store, false)).toEqual({
      ok: true,
      verifiedTo: 5,
      rows: 5,
      brokenSeq: null,
      problem: null,
      whole: true,
    })
    store.transaction('more', () =>
      store.audit.append(http('2026-11-24T00:00:00.000Z', 'GET', '/api/v1/wallets', 'app')),
    )
    expect(verifyActivity(store, false)).toMatchObject({ ok: true, verifiedTo: 6, whole: false })
  })

  it('a changed row shows where the chain breaks; the whole walk finds one behind the checkpoint, and the quick check keeps showing it', () => {
    verifyActivity(store, false)
    const db = new DatabaseSync(join(dir, STORE_FILE))
    db.prepare('UPDATE audit SET entry = replace(entry, ?, ?) WHERE seq = 2').run('alice', 'mallory')
    db.close()
    // Row 2 is behind the checkpoint (row 5): only the whole walk can see it.
    expect(verifyActivity(store, false)).toMatchObject({ ok: true, verifiedTo: 5 })
    expect(verifyActivity(store, true)).toMatchObject({
      ok: false,
      verifiedTo: 1,
      brokenSeq: 2,
      rows: 5,
      problem: expect.stringMatching(/row 2 was changed/),
    })
    expect(verifyActivity(store, false)).toMatchObject({ ok: false, brokenSeq: 2 })
  })

  it('a change to the checkpoint row itself shows in the quick check', () => {
    verifyActivity(store, false)
    const db = new DatabaseSync(join(dir, STORE_FILE))
    db.prepare('UPDATE audit SET hash = ? WHERE seq = 5').run('f'.repeat(64))
    db.close()
    expect(verifyActivity(store, false)).toMatchObject({ ok: false, brokenSeq: 5 })
  })
  it('a note or tags written on a payout or a ledger movement is named as such, and the filter finds it', () => {
    store.transaction('notes', () => {
      store.audit.append(
        decisionEntry(new Date('2026-11-24T08:00:00.000Z'), 'payout.note', 'app', 'k1', { by: 'alice', note: true }),
      )
      store.audit.append(
        decisionEntry(new Date('2026-11-24T09:00:00.000Z'), 'ledger.note', 'cli', null, {
          by: 'bob',
          tags: 2,
          note: false,
        }),
      )
    })
    expect(actions({ action: 'noted' })).toEqual(['7 noted cli/bob', '6 noted app/alice'])
  })

  it('exports the filtered rows to CSV, newest first, with the header and the action in words', async () => {
    const target = join(dir, 'activity.csv')
    const seen: number[] = []
    await exportActivityCsv(store, { actor: 'cli' }, target, new AbortController().signal, (p) => seen.push(p.rows))
    const lines = (await readFile(target, 'utf8')).trimEnd().split('\r\n')
    expect(lines[0]).toBe(ACTIVITY_CSV_HEADER.join(','))
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 4))).toEqual([
      ['5', '2026-11-23T12:00:00.000Z', expect.any(String), 'cli'],
      ['4', '2026-11-22T11:00:00.000Z', expect.any(String), 'cli'],
    ])
    expect(seen.at(-1)).toBe(2)
  })
})
