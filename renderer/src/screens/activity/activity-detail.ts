import type { ActivityRow } from '@shared/ipc/channels/activity'
import type { UntrustedText } from '@shared/text/untrusted-text'
import { networkName } from '../../format/network-name'
import { DECISION_WORDS, TOOL_WORDS } from './decision-words'

/** What a row is about, shown by name with its id: a wallet, a payout or a ledger transaction. */
export type DetailRef = { kind: 'wallet' | 'payout' | 'transaction'; id: string }

/** The payout a row is about, as a treasurer reads it: how much, to whom, where; its id one copy away. */
export type PayoutLine = {
  amount: string
  asset: string
  /** The destination's name, null for an address the desk has no name for. */
  to: UntrustedText | null
  /** The network by its name ("Ethereum Sepolia"). */
  network: string | null
  address: string
  payoutId: string | null
}

/**
 * One audit row's detail as a treasurer reads it: what happened, what about (the payout by what it paid, when the
 * store knows it), how it ended, its payout key.
 */
export type ActivityDetail = {
  words: string
  ref: DetailRef | null
  outcome: string | null
  key: string | null
  payout: PayoutLine | null
}

/** The provider's API calls the desk makes (api-v1-spec.md), in words; `{id}` is the thing the call is about. */
const CALLS: ReadonlyArray<[method: string, path: RegExp, words: string, kind?: DetailRef['kind']]> = [
  ['POST', /^\/api\/v1\/withdrawals$/, 'Payout sent to the provider'],
  ['POST', /^\/api\/v1\/withdrawals\/([^/]+)\/cancel$/, 'Cancel sent to the provider', 'payout'],
  ['POST', /^\/api\/v1\/counterparties$/, 'Destination sent to the provider'],
  ['GET', /^\/api\/v1\/wallets$/, 'Read the wallets'],
  ['GET', /^\/api\/v1\/wallets\/([^/]+)$/, 'Read a wallet', 'wallet'],
  ['GET', /^\/api\/v1\/transactions$/, 'Read transactions'],
  ['GET', /^\/api\/v1\/transactions\/([^/]+)$/, 'Read a transaction', 'transaction'],
  ['GET', /^\/api\/v1\/counterparties$/, 'Read the destinations'],
  ['GET', /^\/api\/v1\/withdrawals$/, 'Read the payouts'],
  ['GET', /^\/api\/v1\/withdrawals\/([^/]+)$/, 'Read a payout', 'payout'],
]

/** An error code in words ("insufficient funds"), as the rest of the app shows a status. */
const words = (code: string) => code.replaceAll('_', ' ')

function call(row: ActivityRow): Pick<ActivityDetail, 'words' | 'ref'> {
  const path = row.path.split('?')[0]!
  for (const [method, pattern, said, kind] of CALLS) {
    const m = method === row.method ? pattern.exec(path) : null
    if (m) return { words: said, ref: kind && m[1] ? { kind, id: decodeURIComponent(m[1]) } : null }
  }
  return { words: 'Other call to the provider', ref: null }
}

function outcome(row: ActivityRow): string | null {
  if (row.errorCode) return `refused: ${words(row.errorCode)}`
  if (row.status === null) return null
  if (row.status >= 400) return `failed (HTTP ${row.status})`
  return row.method === 'GET' ? null : 'accepted'
}

/** The process that wrote a row ("app"), without the person the Who column already names ("app (Ada)"). */
export function processOf(row: Pick<ActivityRow, 'actor' | 'person'>): string | null {
  const suffix = row.person ? ` (${row.person})` : null
  return suffix && row.actor?.endsWith(suffix) ? row.actor.slice(0, -suffix.length) : row.actor
}

/** Only what the store knows of the row's payout: a row without one is left to say what it knows, nothing guessed. */
function payoutLine(row: ActivityRow): PayoutLine | null {
  const p = row.payout
  if (!p) return null
  const network = p.network === null ? null : networkName(p.network)
  return { amount: p.amount, asset: p.asset, to: p.destinationName, network, address: p.address, payoutId: p.payoutId }
}

/** A row's detail; the raw method and path stay in the CSV, never on screen. */
export function activityDetail(row: ActivityRow): ActivityDetail {
  const key = row.idempotencyKey
  const payout = payoutLine(row)
  if (row.method === 'LOCAL') {
    const said = Object.hasOwn(DECISION_WORDS, row.path)
      ? DECISION_WORDS[row.path as keyof typeof DECISION_WORDS]
      : 'Decision at the desk'
    return { words: said, ref: null, outcome: row.errorCode ? words(row.errorCode) : null, key, payout }
  }
  if (row.method === 'MCP') {
    const tool = row.path.replace(/^tool:/, '')
    const said = Object.hasOwn(TOOL_WORDS, tool) ? TOOL_WORDS[tool]! : 'Agent tool call'
    return { words: said, ref: null, outcome: outcome(row), key, payout }
  }
  const { words: said, ref } = call(row)
  // A payout named by what it paid needs no second mention by id: its id is with it.
  return { words: said, ref: payout && ref?.kind === 'payout' ? null : ref, outcome: outcome(row), key, payout }
}
