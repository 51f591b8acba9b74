import type { TransactionLeg } from '../../../shared/api/resources'
import type { HistoryLedger } from '../history/use-cases'
import { closeRepo } from '../store/close/close-repo'
import { periodFilter, type ClosePeriod } from './period'

/** The provider's legs recorded in a range (`after` and `before` exclusive), every page read. */
export type PeriodLegsReader = (range: { after: string; before: string }) => Promise<TransactionLeg[]>

/** A first re-read of a movement found late: soon, as the sync's first re-read of a movement not final. */
const FIRST_RECHECK_MS = 10_000

const legKey = (l: { id: string; direction: string }) => `${l.id}\n${l.direction}`

/**
 * The range a close re-reads from the provider: its month and, before it, the last locked month. The sync reads only
 * a few minutes below its high-water mark, so a movement recorded with an earlier time (a backdated entry) is in
 * neither until someone reads that range again; one in the locked month becomes this month's adjustment.
 */
function catchUpRange(hl: HistoryLedger, p: ClosePeriod): { after: string; before: string } {
  const earlier = hl.store.read('read the close', () =>
    hl.store
      .repo(closeRepo)
      .locked()
      .filter((l) => l.period < p.period)
      .at(-1),
  )
  const from = earlier && earlier.fromAt < p.from ? earlier.fromAt : p.from
  return { after: periodFilter({ ...p, from }).from, before: p.cutoff }
}

/**
 * Reads the close's range from the provider and writes into the ledger every movement it lists that the ledger lacks;
 * answers their ids. A movement is written whole (both legs of a move between own wallets), as a sync writes it.
 */
export async function readLateMovements(
  hl: HistoryLedger,
  p: ClosePeriod,
  read: PeriodLegsReader,
  now = Date.now(),
): Promise<string[]> {
  const range = catchUpRange(hl, p)
  const listed = await read(range)
  const known = hl.store.read('read the history ledger', () => {
    const held = new Set<string>()
    for (const leg of hl.ledger.rows({ from: range.after, to: new Date(Date.parse(range.before) - 1).toISOString() }))
      held.add(legKey(leg))
    return held
  })
  const late = new Map<string, TransactionLeg[]>()
  for (const leg of listed) if (!known.has(legKey(leg))) late.set(leg.id, [])
  for (const leg of listed) late.get(leg.id)?.push(leg)
  if (late.size === 0) return []
  hl.store.transaction('write the movements recorded late', () => {
    for (const [id, legs] of late) hl.ledger.replaceMovement(id, legs, now, now + FIRST_RECHECK_MS)
  })
  return [...late.keys()].sort()
}

/** What a close reads of the provider's movements: a signed client's pages, the range unchanged while paging. */
export interface MovementPages {
  transactionPages(query: {
    limit: number
    created_after: string
    created_before: string
  }): AsyncIterable<TransactionLeg[]>
}

/** Every page of a range, read in full before anything is compared (a read that fails writes nothing). */
export const periodLegsOf =
  (client: MovementPages): PeriodLegsReader =>
  async ({ after, before }) => {
    const legs: TransactionLeg[] = []
    for await (const page of client.transactionPages({ limit: 100, created_after: after, created_before: before }))
      legs.push(...page)
    return legs
  }
