import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { auditPath } from '../../../electron/core/api/audit-sink'
import { AuditLog } from '../../../electron/core/audit/audit-log'
import { DeskStore } from '../../../electron/core/store'

describe('audit log', () => {
  let dir = ''
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('drops only the _request_id from the query', () => {
    expect(auditPath('/api/v1/wallets?_request_id=abc')).toBe('/api/v1/wallets')
    expect(auditPath('/api/v1/withdrawals?limit=1&_request_id=abc&idempotency_key=k')).toBe(
      '/api/v1/withdrawals?limit=1&idempotency_key=k',
    )
    expect(auditPath('/api/v1/wallets')).toBe('/api/v1/wallets')
  })

  it('appends one chained row per attempt and tails the newest, oldest first', async () => {
    dir = await mkdtemp(join(tmpdir(), 'audit-'))
    const store = DeskStore.open(join(dir, 'p'), 'test')
    const log = new AuditLog(store, 'app')
    for (let i = 0; i < 5; i++) {
      log.record({
        at: `t${i}`,
        method: 'GET',
        path: '/api/v1/wallets',
        status: 200,
        errorCode: null,
        requestId: `x${i}`,
        idempotencyKey: null,
      })
    }
    const tail = log.tail(2)
    expect(tail.map((l) => l.at)).toEqual(['t3', 't4'])
    expect(tail[0]!.path).toBe('/api/v1/wallets')
    expect(store.audit.verify()).toEqual({ ok: true, rows: 5 })
    expect(store.audit.all()[0]).toMatchObject({ kind: 'http', actor: 'app' })
    store.close()
  })
})
