import Big from 'big.js'
import { AMOUNT_PROBLEM_TEXT, checkAmount, DECIMAL_PATTERN } from '../../../shared/api/amount'
import { sameAddress } from '../../../shared/api/address'
import { assetDecimals, findNetwork } from '../../../shared/api/networks'
import type { CreateWithdrawal } from '../../../shared/api/requests'
import type { Balance, Counterparty, Wallet } from '../../../shared/api/resources'
import { quoteInput } from '../../../shared/api/text'
import type { ApiClient } from '../api/api-client'
import { checkWithdrawalBody } from '../api/input-checks'
import { formulaProblem } from '../csv/formula'
import { plainTextProblem } from '../../../shared/text/plain-text'
import { DeskError } from '../errors'
import { lookalikeRowProblem } from './batch-lookalike'
import { feeShortfalls } from './funds-check'
import { readCsvRows, type BatchColumn, type CsvRow, type RowProblem } from './csv-rows'

/** A row that passed every check: the exact body that will be recorded and sent. */
export interface CheckedRow {
  line: number
  body: CreateWithdrawal
  reference: string | null
  destinationName: string
  walletName: string
}

/** What the batch takes from one balance (wallet, asset, network). */
export interface BatchTotal {
  walletId: string
  walletName: string
  asset: string
  network: string
  rows: number
  total: string
  available: string
  /** Indicative, from the provider's usd_value of the balance; null where the balance has none. */
  usd: number | null
}

export interface BatchCheck {
  rows: CheckedRow[]
  /** Sorted by line; `error` ones block the batch, `confirm` ones (duplicates) need a confirmation. */
  problems: RowProblem[]
  totals: BatchTotal[]
  /** Sum of the amount column: what a production batch asks the user to retype. */
  grandTotal: string
  /** Rows in the file, including those with problems. */
  lineCount: number
}

export function hasErrors(check: Pick<BatchCheck, 'problems'>): boolean {
  return check.problems.some((p) => p.severity === 'error')
}

const REFERENCE_MAX = 120

/**
 * Reads and checks a whole batch file before anything is recorded: two reads from the provider
 * (wallets, destinations), whatever the number of rows, then the single payout form's rules per row.
 */
export async function checkBatchFile(
  client: Pick<ApiClient, 'listWallets' | 'listCounterparties'>,
  input: Uint8Array | string,
  defaultWallet?: string,
  /** A rule of the desk's own over each row's destination (a listed address, a payee change), against the same book. */
  destinationRule?: (row: CheckedRow, book: readonly Counterparty[]) => string | null,
): Promise<BatchCheck> {
  const read = readCsvRows(input)
  if (!read.ok) return { rows: [], problems: read.problems, totals: [], grandTotal: '0', lineCount: 0 }
  const [wallets, book] = [await client.listWallets(), await client.listCounterparties()]
  const check = checkRows(read.rows, wallets, book, defaultWallet)
  const ruled = destinationRule ? destinationProblems(check.rows, book, destinationRule) : []
  const problems = [...read.problems, ...check.problems, ...ruled].sort((a, b) => a.line - b.line)
  return { ...check, problems, lineCount: read.rows.length + read.problems.length }
}

/** The per-row and per-batch rules over rows already read; pure, so it is tested without a provider. */
export function checkRows(
  rows: readonly CsvRow[],
  wallets: readonly Wallet[],
  book: readonly Counterparty[],
  defaultWallet?: string,
): Omit<BatchCheck, 'lineCount'> {
  const problems: RowProblem[] = []
  const checked: CheckedRow[] = []
  const find = destinationFinder(book)
  for (const row of rows) {
    const say = (column: BatchColumn | null, message: string) =>
      problems.push({
        line: row.line,
        column,
        message: `Line ${row.line}${column ? `, ${column}` : ''}: ${message}`,
        severity: 'error',
      })
    const before = problems.length
    for (const [column, value] of Object.entries(row.cells) as Array<[BatchColumn, string]>) {
      // An amount has its own rules (a negative one is named as such).
      const formula = column === 'amount' ? null : formulaProblem(value)
      if (formula) say(column, `${formula}; type the plain value.`)
      else if (plainTextProblem(value)) say(column, `${plainTextProblem(value)}.`)
    }
    if (problems.length > before) continue
    const cell = (c: BatchColumn) => (c === 'amount' ? (row.cells[c] ?? '') : (row.cells[c] ?? '').trim())

    const wallet = resolveWallet(cell('wallet') || defaultWallet || '', wallets)
    if (typeof wallet === 'string') say('wallet', wallet)
    const amountText = cell('amount')
    const amountProblem = amountFormat(amountText)
    if (amountProblem) say('amount', amountProblem)
    const feePriority = cell('fee_priority').toLowerCase()
    if (feePriority && !['low', 'medium', 'high'].includes(feePriority))
      say('fee_priority', `"${cell('fee_priority')}" is not low, medium or high.`)
    const reference = cell('reference')
    if (reference.length > REFERENCE_MAX)
      say('reference', `has ${reference.length} characters; a reference has at most ${REFERENCE_MAX}.`)
    const networkCell = cell('network').toLowerCase()
    if (networkCell && !findNetwork(networkCell))
      say('network', `"${cell('network')}" is not a network id (for example ethereum-sepolia).`)
    const assetCell = cell('asset')
    if (!assetCell) say('asset', 'is empty.')
    if (!cell('destination')) say('destination', 'is empty.')
    if (problems.length > before || typeof wallet === 'string') continue

    const held = wallet.balances.filter((b) => b.asset.toLowerCase() === assetCell.toLowerCase())
    if (held.length === 0) {
      say('asset', `the wallet "${wallet.name}" holds no ${assetCell}.`)
      continue
    }
    const asset = held[0]!.asset
    const found = find(cell('destination'))
    const poisoned = found.length === 0 ? lookalikeRowProblem(cell('destination'), book, wallets) : null
    if (poisoned) {
      say('destination', poisoned)
      continue
    }
    const destination = resolveDestination(cell('destination'), found, networkCell, held)
    if (typeof destination === 'string') {
      say(destination.startsWith('~') ? 'network' : 'destination', destination.replace(/^~/, ''))
      continue
    }
    const balance = held.find((b) => b.network === destination.network)
    if (!balance) {
      say(
        'network',
        `the wallet "${wallet.name}" holds no ${asset} on ${destination.network}, the network of destination ` +
          `"${destination.label}".`,
      )
      continue
    }
    if (!destination.can_send) {
      say(
        'destination',
        `"${destination.label}" is not verified yet; payouts to it are refused until it is (can_send is false).`,
      )
      continue
    }
    const decimals = assetDecimals(asset) ?? 18
    if (checkAmount(amountText, decimals) === 'too_many_decimals') {
      say('amount', `${asset} allows at most ${decimals} decimal places.`)
      continue
    }
    const body: CreateWithdrawal = {
      wallet_id: wallet.id,
      asset,
      amount: amountText,
      destination: destination.address,
      network: destination.network,
    }
    if (feePriority) body.fee_priority = feePriority as NonNullable<CreateWithdrawal['fee_priority']>
    try {
      // The single payout's own last word, so a batch row can never pass what a single payout would not.
      checkWithdrawalBody(body)
    } catch (err) {
      if (!(err instanceof DeskError)) throw err
      say(null, err.message)
      continue
    }
    checked.push({
      line: row.line,
      body,
      reference: reference || null,
      destinationName: destination.label || destination.address,
      walletName: wallet.name,
    })
  }
  problems.push(...duplicates(checked), ...overdrawn(checked, wallets), ...feeShortfalls(checked, wallets))
  return {
    rows: checked,
    problems: problems.sort((a, b) => a.line - b.line),
    totals: totals(checked, wallets),
    grandTotal: sum(checked.map((r) => r.body.amount)),
  }
}

/** Amount text as typed: never trimmed, never re-read with a comma, never an exponent. */
function amountFormat(text: string): string | null {
  if (text === '') return 'is empty.'
  if (text !== text.trim()) return `"${text}" has spaces around it; write ${text.trim() || 'the amount'} alone.`
  if (text.startsWith('-')) return `"${text}" is negative; a payout amount is more than zero.`
  if (/^[0-9]*,[0-9]+$/.test(text))
    return (
      `"${text}" has a decimal comma; write it with a dot (${text.replace(',', '.')}) if that is what you ` +
      `mean. Amounts are never guessed.`
    )
  if (/[eE]/.test(text) && /[0-9]/.test(text))
    return `"${text}" is in exponent notation; write the amount in full digits.`
  if (!DECIMAL_PATTERN.test(text)) return `"${text}": ${AMOUNT_PROBLEM_TEXT.not_decimal}`
  const problem = checkAmount(text, Number.MAX_SAFE_INTEGER)
  return problem ? `"${text.length > 20 ? `${text.slice(0, 20)}…` : text}": ${AMOUNT_PROBLEM_TEXT[problem]}` : null
}

function resolveWallet(text: string, wallets: readonly Wallet[]): Wallet | string {
  if (!text) return 'is empty, and the batch names no wallet (--wallet).'
  const byId = wallets.find((w) => w.id === text)
  if (byId) return byId
  const byName = wallets.filter((w) => w.name.toLowerCase() === text.toLowerCase())
  if (byName.length === 1) return byName[0]!
  if (byName.length > 1) return `"${text}" names ${byName.length} wallets; use the wallet's id.`
  return `"${text}" is not one of the workspace's wallets (by id or name).`
}

/** Destinations a cell names: by id first, then by label (case-insensitive), then by address. */
function destinationFinder(book: readonly Counterparty[]): (text: string) => Counterparty[] {
  const byId = new Map(book.map((c) => [c.id, c]))
  const byLabel = new Map<string, Counterparty[]>()
  const byAddress = new Map<string, Counterparty[]>()
  for (const c of book) {
    if (c.label) byLabel.set(c.label.toLowerCase(), [...(byLabel.get(c.label.toLowerCase()) ?? []), c])
    byAddress.set(c.address.toLowerCase(), [...(byAddress.get(c.address.toLowerCase()) ?? []), c])
  }
  return (text) => {
    const id = byId.get(text)
    if (id) return [id]
    return (
      byLabel.get(text.toLowerCase()) ??
      (byAddress.get(text.toLowerCase()) ?? []).filter((c) => sameAddress(c.network, c.address, text))
    )
  }
}

/** The one destination a row means; a message (prefixed `~` when it is about the network column) otherwise. */
function resolveDestination(
  text: string,
  found: Counterparty[],
  network: string,
  held: readonly Balance[],
): Counterparty | string {
  if (found.length === 0)
    return `${quoteInput(text)} is not in the destination book (by id, label or address). Register it first.`
  let candidates = found
  if (network) {
    candidates = found.filter((c) => c.network === network)
    if (candidates.length === 0)
      return `~the destination is on ${[...new Set(found.map((c) => c.network))].join(', ')}, not ${network}.`
  } else if (found.length > 1) {
    candidates = found.filter((c) => held.some((b) => b.network === c.network))
    if (candidates.length === 0) candidates = found
  }
  if (candidates.length > 1)
    return (
      `names ${candidates.length} destinations ` +
      `(${candidates.map((c) => `${c.id} on ${c.network}`).join(', ')}); use its id or give the network.`
    )
  return candidates[0]!
}

function duplicates(rows: readonly CheckedRow[]): RowProblem[] {
  const first = new Map<string, number>()
  const out: RowProblem[] = []
  for (const r of rows) {
    const key = [r.body.network, r.body.destination.toLowerCase(), r.body.asset, new Big(r.body.amount).toFixed()].join(
      '|',
    )
    const seen = first.get(key)
    if (seen === undefined) first.set(key, r.line)
    else
      out.push({
        line: r.line,
        column: null,
        message:
          `Line ${r.line} repeats line ${seen} (same destination, amount and asset); confirm that it is ` +
          `meant to be paid twice.`,
        severity: 'confirm',
      })
  }
  return out
}

const balanceKey = (walletId: string, asset: string, network: string) => `${walletId}|${asset}|${network}`

function balanceOf(wallets: readonly Wallet[], r: CheckedRow): Balance {
  return wallets
    .find((w) => w.id === r.body.wallet_id)!
    .balances.find((b) => b.asset === r.body.asset && b.network === r.body.network)!
}

/** The first row at which a balance's running total passes what is available (one message per balance). */
function overdrawn(rows: readonly CheckedRow[], wallets: readonly Wallet[]): RowProblem[] {
  const running = new Map<string, Big>()
  const reported = new Set<string>()
  const out: RowProblem[] = []
  for (const r of rows) {
    const key = balanceKey(r.body.wallet_id, r.body.asset, r.body.network!)
    const total = (running.get(key) ?? new Big(0)).plus(r.body.amount)
    running.set(key, total)
    const available = balanceOf(wallets, r).available
    if (reported.has(key) || total.lte(available)) continue
    reported.add(key)
    out.push({
      line: r.line,
      column: 'amount',
      message:
        `Line ${r.line}, amount: by this line the batch pays ${total.toFixed()} ${r.body.asset} on ` +
        `${r.body.network} from "${r.walletName}", more than its available ${available}.`,
      severity: 'error',
    })
  }
  return out
}

function totals(rows: readonly CheckedRow[], wallets: readonly Wallet[]): BatchTotal[] {
  const out = new Map<string, BatchTotal & { sum: Big }>()
  for (const r of rows) {
    const key = balanceKey(r.body.wallet_id, r.body.asset, r.body.network!)
    const t = out.get(key) ?? {
      walletId: r.body.wallet_id,
      walletName: r.walletName,
      asset: r.body.asset,
      network: r.body.network!,
      rows: 0,
      total: '0',
      available: balanceOf(wallets, r).available,
      usd: null,
      sum: new Big(0),
    }
    t.rows++
    t.sum = t.sum.plus(r.body.amount)
    out.set(key, t)
  }
  return [...out.values()].map(({ sum: total, ...t }) => {
    const balance = balanceOf(
      wallets,
      rows.find(
        (r) =>
          balanceKey(r.body.wallet_id, r.body.asset, r.body.network!) === balanceKey(t.walletId, t.asset, t.network),
      )!,
    )
    const amount = new Big(balance.amount)
    const usd =
      amount.gt(0) && balance.usd_value > 0 ? Number(total.times(balance.usd_value).div(amount).toFixed(2)) : null
    return { ...t, total: total.toFixed(), usd }
  })
}

export function sum(amounts: readonly string[]): string {
  return amounts.reduce((acc, a) => acc.plus(a), new Big(0)).toFixed()
}

/**
 * A rule of the desk's own over each checked row's destination, as problems of the file by line (batches, pay runs).
 */
export function destinationProblems(
  rows: readonly CheckedRow[],
  book: readonly Counterparty[],
  rule: (row: CheckedRow, book: readonly Counterparty[]) => string | null,
): RowProblem[] {
  return rows.flatMap((row) => {
    const message = rule(row, book)
    return message
      ? [
          {
            line: row.line,
            column: 'destination' as const,
            message: `Line ${row.line}, destination: ${message}`,
            severity: 'error' as const,
          },
        ]
      : []
  })
}
