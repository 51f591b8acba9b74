import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { rateKey } from '../accounting/price-table-repo'
import type { RepoFactory } from '../repo-factory'
import { rowsOf } from '../scalar-rows'
import { statement } from '../statement-cache'
import { DeskError } from '../../errors'
import { GrantScopeSchema, type GrantScope } from '../policy/policy-grant-repo'
import { PolicyRepo } from '../policy/policy-repo'
import { ChainFacts, type Tamper } from './chain-facts'
import { priceAt, type Facts } from './fact-fold'

export type { Tamper } from './chain-facts'

const ConfirmationRow = z.object({ id: z.string(), by: z.string(), channel: z.string(), at: z.string() })
const AlterationRow = z.object({ id: z.string(), ack: z.string().nullable() })
const PriceRow = z.object({ date: z.string(), asset: z.string(), fiat: z.string(), price: z.string() })
const WaitingPriceRow = PriceRow.extend({ effectiveAt: z.string() })

/**
 * The control rows the send gate reads (payee confirmations, alteration acknowledgements, prices) held against the
 * audit chain's facts, and the chain itself: a row added, edited or deleted outside the desk is named, the same way
 * for the gate (refusing with `store_tampered`) and for `audit verify`.
 */
export class StoreTamper {
  constructor(
    private readonly db: DatabaseSync,
    private readonly chain: ChainFacts,
  ) {}

  /**
   * At the send gate, inside the claiming transaction: the chain walked on from the last check, the rows the
   * gate's facts rest on (the stop switch, the policy, the payout's grant, confirmations, alterations, prices) as
   * they were verified, and the confirmation and alteration rows against them. Prices are checked as they are read.
   */
  atGate(key: string | null): Tamper | null {
    const broken = this.chain.refresh()
    if (broken) return broken
    const f = this.chain.facts
    const used = [...f.latest.values()]
    const grant = key === null ? undefined : f.grants.get(key)
    if (grant) used.push(grant.last, ...(grant.granted === null ? [] : [grant.granted]))
    for (const c of f.confirmations.values()) used.push(c.seq)
    for (const a of f.alterations.values()) used.push(a.seq, ...(a.ack === null ? [] : [a.ack]))
    for (const p of f.prices.values()) used.push(p.seq)
    if (f.pending) used.push(f.pending.seq)
    return this.chain.recheck(used) ?? confirmationRows(this.db, f) ?? alterationRows(this.db, f)
  }

  /**
   * The one-time grant of payout `key` as the chain's rows set it (walked on first; a row that does not hold throws
   * `store_tampered`): unused or used, and what it grants (null for a grant an earlier build wrote without a scope).
   */
  grant(key: string): { state: 'unused' | 'used'; scope: GrantScope | null } | null {
    const broken = this.chain.refresh()
    if (broken) throw tamperedError(broken)
    const g = this.chain.facts.grants.get(key)
    if (!g) return null
    const granted = g.granted === null ? null : this.chain.entryOf(g.granted)
    const detail = granted === null ? null : (JSON.parse(granted) as { detail?: unknown }).detail
    const scope = GrantScopeSchema.safeParse(detail)
    return { state: g.used ? 'used' : 'unused', scope: scope.success ? scope.data : null }
  }

  /** `audit verify`, after the whole chain held: every control row, the whole price table included. */
  whole(): Tamper | null {
    return this.atGate(null) ?? priceRows(this.db, this.chain.facts) ?? policyRow(this.db)
  }

  /**
   * The price of one asset, fiat and day at `at` as the chain set it, or a Tamper when the table says otherwise (a
   * price written, changed or deleted in the store). Null price: neither has one.
   */
  price(asset: string, fiat: string, date: string, at: string, stored: string | null): string | null | Tamper {
    const key = rateKey({ asset, fiat, date })
    const chained = priceAt(this.chain.facts, key, at)
    if ((chained?.price ?? null) === stored) return stored
    return priceTamper(key, stored, chained)
  }
}

function priceTamper(key: string, stored: string | null, chained: { price: string; seq: number } | null): Tamper {
  const row = `price_table row ${key.replaceAll('|', '/')}`
  if (!chained) return { row, problem: 'was written outside the desk (no price import sets it)', seq: null }
  if (stored === null)
    return { row, problem: `was deleted outside the desk (audit row ${chained.seq} set it)`, seq: chained.seq }
  return {
    row,
    problem: `was changed outside the desk: ${stored}, where audit row ${chained.seq} set ${chained.price}`,
    seq: chained.seq,
  }
}

function confirmationRows(db: DatabaseSync, f: Facts): Tamper | null {
  const rows = rowsOf(
    ConfirmationRow,
    statement(
      db,
      'SELECT destination_id AS id, confirmed_by AS by, channel, confirmed_at AS at FROM payee_confirmations',
    ).all(),
    'payee_confirmations',
  )
  const seen = new Set<string>()
  for (const r of rows) {
    seen.add(r.id)
    const row = `payee_confirmations row ${r.id}`
    const c = f.confirmations.get(r.id)
    if (!c) return { row, problem: 'was written outside the desk (no audit row confirms it)', seq: null }
    if (c.by !== r.by || c.channel !== r.channel || (c.confirmedAt !== null && c.confirmedAt !== r.at))
      return { row, problem: `was changed outside the desk (audit row ${c.seq} recorded another)`, seq: c.seq }
  }
  for (const [id, c] of f.confirmations)
    if (!seen.has(id))
      return {
        row: `payee_confirmations row ${id}`,
        problem: `was deleted outside the desk (audit row ${c.seq} recorded it)`,
        seq: c.seq,
      }
  return null
}

function alterationRows(db: DatabaseSync, f: Facts): Tamper | null {
  const rows = rowsOf(
    AlterationRow,
    statement(db, 'SELECT withdrawal_id AS id, acknowledged_at AS ack FROM altered_withdrawals').all(),
    'altered_withdrawals',
  )
  const seen = new Set<string>()
  for (const r of rows) {
    seen.add(r.id)
    const row = `altered_withdrawals row ${r.id}`
    const a = f.alterations.get(r.id)
    if (!a) return { row, problem: 'was written outside the desk (no audit row noted it)', seq: null }
    if (r.ack !== null && a.ack === null)
      return { row, problem: 'was acknowledged outside the desk (no audit row acknowledges it)', seq: a.seq }
    if (r.ack === null && a.ack !== null)
      return { row, problem: `was changed outside the desk (audit row ${a.ack} acknowledged it)`, seq: a.ack }
  }
  for (const [id, a] of f.alterations)
    if (!seen.has(id))
      return {
        row: `altered_withdrawals row ${id}`,
        problem: `was deleted outside the desk (audit row ${a.seq} noted the alteration)`,
        seq: a.seq,
      }
  return null
}

/** The agent policy row against the last policy change the chain records (the gate refuses it as unreadable). */
function policyRow(db: DatabaseSync): Tamper | null {
  const row = new PolicyRepo(db).read()
  return row.kind === 'unreadable' && row.problem.includes('audit log')
    ? { row: 'policy row 1', problem: `was changed outside the desk: ${row.problem}`, seq: null }
    : null
}

/** The whole price table and its waiting prices against the chain's. */
function priceRows(db: DatabaseSync, f: Facts): Tamper | null {
  const table = rowsOf(PriceRow, db.prepare('SELECT date, asset, fiat, price FROM price_table').all(), 'price_table')
  const keys = new Set<string>()
  for (const r of table) {
    const key = rateKey(r)
    keys.add(key)
    const chained = f.prices.get(key) ?? null
    if (chained?.price !== r.price) return priceTamper(key, r.price, chained)
  }
  for (const [key, chained] of f.prices) if (!keys.has(key)) return priceTamper(key, null, chained)
  const waiting = rowsOf(
    WaitingPriceRow,
    db.prepare('SELECT date, asset, fiat, price, effective_at AS effectiveAt FROM price_pending').all(),
    'price_pending',
  )
  const pending = f.pending
  for (const r of waiting) {
    const key = rateKey(r)
    if (!pending || pending.rates.get(key) !== r.price || pending.effectiveAt !== r.effectiveAt)
      return {
        row: `price_pending row ${key.replaceAll('|', '/')}`,
        problem: 'was written or changed outside the desk (no waiting import sets it)',
        seq: pending?.seq ?? null,
      }
  }
  if (pending && pending.rates.size !== waiting.length)
    return {
      row: 'price_pending',
      problem: `lost rows outside the desk (audit row ${pending.seq} set them to wait)`,
      seq: pending.seq,
    }
  return null
}

/** The words every surface gives a Tamper: the row, what happened to it, and what a person does now. */
export function tamperText(t: Tamper): string {
  return (
    `The store was changed outside the desk: ${t.row} ${t.problem}. Nothing is sent until a person checks it ` +
    '("payout-desk audit verify" names the same row).'
  )
}

/** What the send gate's price reads throw on a price the chain does not vouch for. */
export const tamperedError = (t: Tamper): DeskError => new DeskError('store_tampered', tamperText(t))

/** For `store.repo(storeTamper)`: one chain walk per connection, kept between sends. */
export const storeTamper: RepoFactory<StoreTamper> = (db) => new StoreTamper(db, new ChainFacts(db))
