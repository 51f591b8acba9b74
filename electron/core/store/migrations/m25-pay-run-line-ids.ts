import type { DatabaseSync } from 'node:sqlite'
import { columns, stepRows, type Migration } from './migration'

/** The payee's text as keys were derived from it before lines had ids (trimmed, lower case). */
const payeeText = (payee: unknown): string => String(payee).trim().toLowerCase()

const isRun = columns({ id: 'text', lines: 'text?' })
const isPeriod = columns({ run_id: 'text', period: 'text', lines: 'text?' })

/**
 * Each stored line gets the id its keys were derived from so far (its payee's text), so a period sent before keeps its
 * keys, and every desk migrating the same run file gives its lines the same ids. A period records who recorded it.
 */
export const m25: Migration = {
  version: 25,
  name: 'pay runs: line ids (from the payee text the keys were made of) and the origin of each period',
  sql: `ALTER TABLE pay_run_periods ADD COLUMN origin TEXT NOT NULL DEFAULT 'here';`,
  after(db: DatabaseSync) {
    const runs = stepRows(db.prepare('SELECT id, lines FROM pay_runs').all(), isRun, 'pay_runs')
    const setRun = db.prepare('UPDATE pay_runs SET lines = ? WHERE id = ?')
    for (const r of runs) {
      const lines = JSON.parse(r.lines ?? '[]') as Array<Record<string, unknown>>
      const withIds = lines.map((l) => ({ id: l.id ?? payeeText(l.payee), ...l }))
      setRun.run(JSON.stringify(withIds), r.id)
    }
    const periods = stepRows(
      db.prepare('SELECT run_id, period, lines FROM pay_run_periods').all(),
      isPeriod,
      'pay_run_periods',
    )
    const setPeriod = db.prepare('UPDATE pay_run_periods SET lines = ? WHERE run_id = ? AND period = ?')
    for (const p of periods) {
      const lines = JSON.parse(p.lines ?? '[]') as Array<Record<string, unknown>>
      const withIds = lines.map((l) => ({ lineId: l.lineId ?? payeeText(l.payee), ...l }))
      setPeriod.run(JSON.stringify(withIds), p.run_id, p.period)
    }
  },
}
