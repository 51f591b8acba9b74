import Big from 'big.js'
import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { foundRowOf, rowsOf } from '../scalar-rows'
import { openingEffects, type OpeningEffect, type OpeningLeg } from './opening-effects'

const WrittenRow = z.object({ legs_written: z.number(), sums_written: z.number() })
const MonthSumRow = z.object({ net: z.string(), legs: z.number() })
const OpeningRow = MonthSumRow.extend({ wallet: z.string(), asset: z.string(), network: z.string() })

/** A leg with its recorded time, as the sums see it. */
export type TimedLeg = OpeningLeg & { atMs: number }

/** The first instant of the UTC month holding `ms`: the sums are kept per such month. */
export function monthStart(ms: number): number {
  const d = new Date(ms)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)
}

interface Delta {
  effect: OpeningEffect
  monthMs: number
  legs: number
}

/**
 * The monthly opening sums of one connection's ledger (`ledger_opening_months`: per wallet, asset, network and UTC
 * month, the net effect of its legs and how many legs make it): changes gathered over a write, applied with it.
 * Triggers count every write to the legs, whoever makes it; the sums are marked as matching that count when they were
 * kept, so a write behind their back leaves them stale, and a stale ledger is summed leg by leg until counted again.
 */
export class OpeningSums {
  private readonly deltas = new Map<string, Delta>()
  private fresh = false
  /** A recount stopped at a damaged leg: not tried again by this process on every page. */
  private recountFailed = false

  constructor(private readonly db: DatabaseSync) {}

  /** Before a write: whether the sums match every write so far. */
  begin(): void {
    this.deltas.clear()
    this.fresh = this.matchWrites()
  }

  private matchWrites(): boolean {
    const read = this.db.prepare('SELECT legs_written, sums_written FROM ledger_state WHERE id = 1').get()
    const row = foundRowOf(WrittenRow, read, 'ledger_state')
    return row !== undefined && row.legs_written === row.sums_written
  }

  /** One leg written over what was stored for it (null: new; 'unreadable': a damaged row the sums cannot take back). */
  change(before: TimedLeg | null | 'unreadable', after: TimedLeg): void {
    if (before === 'unreadable') this.fresh = false
    if (!this.fresh) return
    if (before !== null && before !== 'unreadable') this.add(before, -1)
    this.add(after, 1)
  }

  private add(leg: TimedLeg, sign: 1 | -1): void {
    const monthMs = monthStart(leg.atMs)
    for (const effect of openingEffects(leg)) {
      const key = `${effect.walletId}\n${effect.asset}\n${effect.network}\n${monthMs}`
      const delta = this.deltas.get(key)
      const amount = sign === 1 ? effect.amount : effect.amount.neg()
      if (delta) {
        delta.effect.amount = delta.effect.amount.plus(amount)
        delta.legs += sign
      } else this.deltas.set(key, { effect: { ...effect, amount }, monthMs, legs: sign })
    }
  }

  /** After the write, in its transaction: the sums moved by what changed, or counted again when they were stale. */
  commit(recount: () => Iterable<TimedLeg>): void {
    if (!this.fresh) {
      if (this.recountFailed) return
      try {
        this.recount(recount())
      } catch {
        // A damaged leg: reports sum leg by leg, and stop at it with record_corrupt.
        this.recountFailed = true
      }
      return
    }
    const get = this.db.prepare(
      'SELECT net, legs FROM ledger_opening_months WHERE wallet = ? AND asset = ? AND network = ? AND month_ms = ?',
    )
    const put = this.db.prepare(
      'INSERT OR REPLACE INTO ledger_opening_months (wallet, asset, network, month_ms, net, legs) VALUES (?, ' +
        '?, ?, ?, ?, ?)',
    )
    const drop = this.db.prepare(
      'DELETE FROM ledger_opening_months WHERE wallet = ? AND asset = ? AND network = ? AND month_ms = ?',
    )
    for (const { effect: e, monthMs, legs } of this.deltas.values()) {
      const key = [e.walletId, e.asset, e.network, monthMs] as const
      const stored = foundRowOf(MonthSumRow, get.get(...key), 'ledger_opening_months')
      const total = (stored?.legs ?? 0) + legs
      if (total <= 0) drop.run(...key)
      else put.run(...key, e.amount.plus(stored?.net ?? 0).toFixed(), total)
    }
    this.deltas.clear()
    this.markWritten()
  }

  /** Every sum counted again from the legs (a migration, or after a write the sums did not see). */
  recount(legs: Iterable<TimedLeg>): void {
    this.deltas.clear()
    this.fresh = true
    for (const leg of legs) this.add(leg, 1)
    this.db.exec('DELETE FROM ledger_opening_months')
    this.commit(() => [])
  }

  private markWritten(): void {
    this.db.exec('UPDATE ledger_state SET sums_written = legs_written WHERE id = 1')
  }

  /**
   * Per wallet, asset and network: the opening effect of every leg recorded before `beforeMs` (a month start); null
   * while stale.
   */
  before(beforeMs: number, walletId: string | undefined): OpeningEffect[] | null {
    if (!this.matchWrites()) return null
    const rows = this.db
      .prepare(
        `SELECT wallet, asset, network, net, legs FROM ledger_opening_months WHERE month_ms < ` +
          `?${walletId === undefined ? '' : ' AND wallet = ?'}`,
      )
      .all(...(walletId === undefined ? [beforeMs] : [beforeMs, walletId]))
    const byKey = new Map<string, OpeningEffect>()
    for (const r of rowsOf(OpeningRow, rows, 'ledger_opening_months')) {
      const key = `${r.wallet}\n${r.asset}\n${r.network}`
      const sum = byKey.get(key)
      if (sum) sum.amount = sum.amount.plus(r.net)
      else byKey.set(key, { walletId: r.wallet, asset: r.asset, network: r.network, amount: new Big(r.net) })
    }
    return [...byKey.values()]
  }
}
