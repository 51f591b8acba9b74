import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { AuditLog, auditPath } from '../../../electron/core/audit/audit-log'

describe('audit log', () => {
  let dir = ''
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('drops only the _request_id from the query', () => {
    expect(auditPath('/api/v1/wallets?_request_id=abc')).toBe('/api/v1/wallets')
    expect(auditPath('/api/v1/withdrawals?limit=1&_request_id=abc&idempotency_key=k')).toBe('/api/v1/withdrawals?limit=1&idempotency_key=k')
    expect(auditPath('/api/v1/wallets')).toBe('/api/v1/wallets')
  })

  it('appends one line per attempt and tails the newest, oldest first', async () => {
    dir = await mkdtemp(join(tmpdir(), 'audit-'))
    const log = new AuditLog(join(dir, 'p', 'audit.jsonl'))
    for (let i = 0; i < 5; i++) {
      log.record({ at: `t${i}`, method: 'GET', path: '/api/v1/wallets', status: 200, errorCode: null, requestId: `x${i}`, idempotencyKey: null })
    }
    const tail = await log.tail(2)
    expect(tail.map((l) => l.at)).toEqual(['t3', 't4'])
    expect(tail[0]!.path).toBe('/api/v1/wallets')
    const text = await readFile(log.file, 'utf8')
    expect(text.trim().split('\n')).toHaveLength(5)
  })
})
