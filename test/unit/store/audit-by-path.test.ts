import { mkdtemp, rm } from 'node:fs/promises'
import type { DatabaseSync } from 'node:sqlite'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { decisionEntry } from '../../../electron/core/audit/decision-entry'
import { openDatabase, STORE_FILE } from '../../../electron/core/store'
import { AuditChain } from '../../../electron/core/store/audit/audit-chain'
import { policyRepo } from '../../../electron/core/store/policy/policy-repo'

/**
 * The agent's stop switch, its policy and its grants are the last audit row of a kind: read at every agent send and
 * by the app's top bar every few seconds, they must not read the whole log (a busy profile's log has 100,000 rows).
 */
let dir: string
let db: DatabaseSync
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'audit-by-path-'))
  db = openDatabase(join(dir, STORE_FILE))
})
afterEach(async () => {
  db.close()
  await rm(dir, { recursive: true, force: true })
})

const plan = (sql: string) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((r) => r.detail).join('; ')

it("the last stop or resume is found through an index of the audit rows' kinds, not a scan of the log", () => {
  const audit = new AuditChain(db)
  const at = new Date('2026-11-28T08:00:00.000Z')
  const other = (i: number) => audit.append(decisionEntry(at, 'policy.allowed', 'agent', `k${i}`, { i }))
  for (let i = 0; i < 200; i++) other(i)
  audit.append(decisionEntry(at, 'agent.stopped', 'cli', null, { by: 'dana', reason: 'review' }))
  for (let i = 200; i < 400; i++) other(i)
  expect(policyRepo(db).stopped()).toEqual({ at: at.toISOString(), reason: 'review' })

  const last = (paths: string) =>
    `SELECT entry FROM audit WHERE json_extract(entry, '$.path') IN (${paths}) ORDER BY seq DESC LIMIT 1`
  expect(plan(last("'agent.stopped', 'agent.resumed'"))).toContain('INDEX audit_by_path')
  expect(plan(last("'policy.set', 'policy.cleared'"))).toContain('INDEX audit_by_path')
  expect(plan(last("'agent.stopped', 'agent.resumed'"))).not.toMatch(/SCAN audit(?! USING)/)
})
