import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { STORE_FILE } from '../../../electron/core/store'
import { tsChild } from '../../harness/ts-child'

const CHILD = join(import.meta.dirname, '../../harness/audit-sync-child.ts')

/** Runs the child under strace: how many times it waited for the disk (fsync, fdatasync), and its store's rows. */
function diskWaits(lines: number): { waits: number; auditRows: number; outboxRows: number } {
  const dir = mkdtempSync(join(tmpdir(), 'audit-waits-'))
  try {
    const trace = join(dir, 'trace')
    const run = spawnSync(
      'strace',
      ['-f', '-qq', '-e', 'trace=fsync,fdatasync', '-o', trace, process.execPath, ...tsChild(CHILD), dir, `${lines}`],
      { encoding: 'utf8' },
    )
    if (run.status !== 0) throw new Error(`the child exited ${run.status}: ${run.stderr}`)
    const waits = readFileSync(trace, 'utf8')
      .split('\n')
      .filter((l) => /\b(fsync|fdatasync)\(/.test(l)).length
    const db = new DatabaseSync(join(dir, STORE_FILE), { readOnly: true })
    const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n
    const rows = { waits, auditRows: count('audit'), outboxRows: count('outbox') }
    db.close()
    return rows
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe("an attempt's audit row", () => {
  // A batch row's attempt was three disk waits (its claim, its audit row, its answer): the audit row now rides on the
  // answer's commit, which follows it at once.
  it('commits without waiting for the disk: 40 rows add no fsync, and all are on disk with the next payout', () => {
    const none = diskWaits(0)
    const forty = diskWaits(40)
    // The payout recorded in both runs made them comparable; 40 attempts recorded in the second add (almost) none.
    expect(forty.waits - none.waits).toBeLessThan(5)
    expect(forty).toMatchObject({ auditRows: none.auditRows + 40, outboxRows: 1 })
  })
})
