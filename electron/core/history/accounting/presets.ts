import Big from 'big.js'
import type { AccountingFormat } from '../../../../shared/api/accounting-export'
import type { AccountingEntry, LegBookings } from './entries'
import type { FiatValuer } from './fiat-value'
import type { PresetCell } from './preset-line'
import { dateTime, dayMonthYear, isoDay, type ZonedTime } from './zoned-time'

type Cells = PresetCell[]

export interface PresetContext {
  /** The movement's time in the export's zone (UTC for Cryptio). */
  at: (iso: string) => ZonedTime
  /** The IANA zone of `at`. */
  zone: string
  fiat: FiatValuer
  /** Set for the bank statement formats: the one asset of the statement. */
  asset: string | null
  /** A booking's other-side account from a month-end close's mapping; the generic names otherwise. */
  account?: (e: AccountingEntry) => string | null
}

export interface Preset {
  header: readonly string[]
  /** Cryptio's template holds the whole movement on one line; the other formats one line per booking. */
  rows(bookings: LegBookings, ctx: PresetContext): Cells[]
}

const signed = (e: AccountingEntry) => ({
  signed: e.sign < 0 ? new Big(e.amount).neg().toFixed() : new Big(e.amount).toFixed(),
})
const reference = (e: AccountingEntry) => e.leg.tx_hash ?? e.leg.id
const described = (e: AccountingEntry) => `${e.description} (transaction ${e.leg.id})`

/** Bookings of the statement's asset, one line each. */
function statement(toCells: (e: AccountingEntry, t: ZonedTime) => Cells): Preset['rows'] {
  return ({ entries }, ctx) =>
    entries.filter((e) => e.asset === ctx.asset).map((e) => toCells(e, ctx.at(e.leg.created_at)))
}

const WALLET = (e: AccountingEntry) => `Wallet:${e.wallet}`
const OTHER = (e: AccountingEntry) =>
  e.ownTransfer ? 'Transfers between own wallets' : `External:${e.payee ?? e.counterpartyAddress}`

/**
 * Payout Desk's own double-entry layout: one line per booking, the debited and the credited account, a positive
 * amount. Deposits debit the wallet, payments and fees credit it; a move between own wallets passes through a
 * clearing account, so each wallet's lines sum to its balance change and the clearing account to zero.
 */
const generic: Preset = {
  header: [
    'date',
    'time_zone',
    'entry',
    'debit_account',
    'credit_account',
    'amount',
    'asset',
    'fiat_value',
    'fiat',
    'payee',
    'description',
    'reference',
    'tx_hash',
    'network',
    'wallet_id',
  ],
  rows: ({ entries }, ctx) =>
    entries.map((e) => {
      const t = ctx.at(e.leg.created_at)
      const other = ctx.account?.(e) ?? (e.kind === 'fee' ? 'Network fees' : OTHER(e))
      const [debit, credit] = e.kind === 'deposit' ? [WALLET(e), other] : [other, WALLET(e)]
      const value = ctx.fiat.value(isoDay(t), e.asset, e.amount)
      return [
        dateTime(t),
        ctx.zone,
        e.kind,
        debit,
        credit,
        e.amount,
        e.asset,
        value,
        value === null ? null : ctx.fiat.fiat,
        e.payee,
        e.description,
        e.leg.id,
        e.leg.tx_hash,
        e.leg.network,
        e.leg.wallet_id,
      ]
    }),
}

/** Xero's bank statement template: day first, one signed amount (minus for money spent). */
const xero: Preset = {
  header: ['Date', 'Amount', 'Payee', 'Description', 'Reference'],
  rows: statement((e, t) => [dayMonthYear(t), signed(e), e.payee, described(e), reference(e)]),
}

/** QuickBooks Online's 3-column bank file: negative for money out, positive for money in. */
const qbo3: Preset = {
  header: ['Date', 'Description', 'Amount'],
  rows: statement((e, t) => [dayMonthYear(t), described(e), signed(e)]),
}

/**
 * QuickBooks Online's 4-column bank file as Intuit documents it: Credit is money out, Debit money in, both positive,
 * the other cell blank.
 */
const qbo4: Preset = {
  header: ['Date', 'Description', 'Credit', 'Debit'],
  rows: statement((e, t) => [
    dayMonthYear(t),
    described(e),
    e.sign < 0 ? e.amount : null,
    e.sign > 0 ? e.amount : null,
  ]),
}

/**
 * Cryptio's custom template: the movement on one line (deposit or withdraw, the fee in its own columns), time in
 * UTC as `YYYY-MM-DD HH:MM:SS`; a unit rate from the price table or nothing (its rule: a rate or a value, not both).
 */
const cryptio: Preset = {
  header: [
    'transactionDate',
    'orderType',
    'txhash',
    'incomingAsset',
    'incomingVolume',
    'incomingUnitRate',
    'incomingTransactionValue',
    'outgoingAsset',
    'outgoingVolume',
    'outgoingUnitRate',
    'outgoingTransactionValue',
    'feeAsset',
    'feeVolume',
    'feeUnitRate',
    'feeTransactionValue',
    'otherParties',
    'note',
  ],
  rows: ({ entries }, ctx) => {
    const moved = entries.find((e) => e.kind !== 'fee')
    if (!moved || (ctx.asset !== null && moved.asset !== ctx.asset)) return []
    const fee = entries.find((e) => e.kind === 'fee')
    const t = ctx.at(moved.leg.created_at)
    const rate = (e: AccountingEntry) => ctx.fiat.unitPrice(isoDay(t), e.asset)
    const side = [moved.asset, moved.amount, rate(moved), null]
    const none = [null, null, null, null]
    const [incoming, outgoing] = moved.kind === 'deposit' ? [side, none] : [none, side]
    const feeCells = fee ? [fee.asset, fee.amount, rate(fee), null] : none
    return [
      [
        dateTime(t),
        moved.kind === 'deposit' ? 'deposit' : 'withdraw',
        moved.leg.tx_hash,
        ...incoming,
        ...outgoing,
        ...feeCells,
        moved.payee ?? moved.counterpartyAddress,
        described(moved),
      ],
    ]
  },
}

export const PRESETS: Record<AccountingFormat, Preset> = { generic, xero, qbo3, qbo4, cryptio }
