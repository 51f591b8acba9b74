/** The controls as the audit chain's rows set them, each with the row it rests on. */
export interface Facts {
  /** The last row of each switch-like kind: the stop switch, the policy's changes, its delay. */
  latest: Map<'stop' | 'policy' | 'delay', number>
  /** Per payout key: its last grant row (granted or used), whether that one is a use, and the last `policy.granted`. */
  grants: Map<string, { last: number; used: boolean; granted: number | null }>
  /** Per destination id: the confirmation a person recorded. */
  confirmations: Map<string, { by: string; channel: string; confirmedAt: string | null; seq: number }>
  /** Per withdrawal id: the alteration the desk noted, and the row that acknowledged it. */
  alterations: Map<string, { key: string | null; seq: number; ack: number | null }>
  /** Per `ASSET|FIAT|date`: the price in force (before waiting ones are due) and the row that set it. */
  prices: Map<string, { price: string; seq: number }>
  /** The prices of the last import that wait for their time. */
  pending: { rates: Map<string, string>; effectiveAt: string; seq: number } | null
}

export const emptyFacts = (): Facts => ({
  latest: new Map(),
  grants: new Map(),
  confirmations: new Map(),
  alterations: new Map(),
  prices: new Map(),
  pending: null,
})

type Entry = { path?: unknown; at?: unknown; idempotencyKey?: unknown; detail?: unknown }

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)
const tuples = (v: unknown): unknown[][] => (Array.isArray(v) ? v.filter((t): t is unknown[] => Array.isArray(t)) : [])
const rateKey = (t: unknown[]) => `${String(t[1])}|${String(t[2])}|${String(t[0])}`

/** Applies one verified fact row (its kind is one of FACT_PATHS) to the facts. */
export function foldFact(f: Facts, seq: number, e: Entry): void {
  const detail = (e.detail ?? {}) as Record<string, unknown>
  const at = str(e.at) ?? ''
  switch (e.path) {
    case 'agent.stopped':
    case 'agent.resumed':
      f.latest.set('stop', seq)
      return
    case 'policy.delay_set':
      f.latest.set('delay', seq)
      return
    case 'policy.granted':
    case 'policy.grant_used': {
      const key = str(e.idempotencyKey)
      if (key === null) return
      const used = e.path === 'policy.grant_used'
      f.grants.set(key, { last: seq, used, granted: used ? (f.grants.get(key)?.granted ?? null) : seq })
      return
    }
    case 'destination.change_confirmed': {
      const id = str(detail.destination_id)
      if (id !== null)
        f.confirmations.set(id, {
          by: str(detail.by) ?? '',
          channel: str(detail.channel) ?? '',
          confirmedAt: str(detail.confirmed_at),
          seq,
        })
      return
    }
    case 'payout.altered': {
      const id = str(detail.withdrawal_id)
      if (id !== null && !f.alterations.has(id)) f.alterations.set(id, { key: str(e.idempotencyKey), seq, ack: null })
      return
    }
    case 'payout.alteration_acknowledged': {
      const id = str(detail.withdrawal_id)
      const altered = id === null ? undefined : f.alterations.get(id)
      if (altered && altered.ack === null) altered.ack = seq
      return
    }
    case 'prices.sealed':
      f.prices.clear()
      f.pending = null
      for (const t of tuples(detail.rows)) f.prices.set(rateKey(t), { price: String(t[3]), seq })
      return
    case 'prices.imported':
      settle(f, at)
      for (const t of tuples(detail.removed)) f.prices.delete(rateKey(t))
      for (const t of tuples(detail.set)) f.prices.set(rateKey(t), { price: String(t[4]), seq })
      if (typeof detail.effectiveAt === 'string')
        f.pending = {
          rates: new Map(tuples(detail.waiting).map((t) => [rateKey(t), String(t[4])])),
          effectiveAt: detail.effectiveAt,
          seq,
        }
      return
    case 'prices.pending_cancelled':
      settle(f, at)
      return
    default:
      // policy.set, policy.cleared, policy.pending, policy.pending_cancelled
      f.latest.set('policy', seq)
  }
}

/** Waiting prices due by `at` join the prices in force; the others are dropped (an import or cancel replaced them). */
function settle(f: Facts, at: string): void {
  if (f.pending && f.pending.effectiveAt <= at)
    for (const [key, price] of f.pending.rates) f.prices.set(key, { price, seq: f.pending.seq })
  f.pending = null
}

/** The price of `key` at `at`: a waiting one from its time on, else the one in force; null when there is none. */
export function priceAt(f: Facts, key: string, at: string): { price: string; seq: number } | null {
  const waiting = f.pending && f.pending.effectiveAt <= at ? f.pending.rates.get(key) : undefined
  if (waiting !== undefined) return { price: waiting, seq: f.pending!.seq }
  return f.prices.get(key) ?? null
}
