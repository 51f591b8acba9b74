import Big from 'big.js'
import type { LedgerRow } from '../../../../shared/api/ledger-query'
import { legKey } from '../../store/ledger/leg-notes-repo'
import type { AccountingSource } from './accounting-source'

/**
 * One booking of a movement: the amount moved (`deposit`, `payment`) or the network fee paid for it (`fee`),
 * always a positive amount with the side it moves the wallet's balance (`sign`).
 */
export interface AccountingEntry {
  kind: 'deposit' | 'payment' | 'fee'
  leg: LedgerRow
  asset: string
  amount: string
  sign: 1 | -1
  /** The other side is another of the workspace's own wallets. */
  ownTransfer: boolean
  /** The wallet's own name as the provider gave it, or its id. */
  wallet: string
  /**
   * The other party: its label in the destination book, else its name as the provider gave it; null for an unnamed
   * outside address.
   */
  payee: string | null
  counterpartyAddress: string
  description: string
}

/** A movement with the bookings it makes: none for one that moved nothing. */
export interface LegBookings {
  leg: LedgerRow
  entries: AccountingEntry[]
}

const isZero = (value: string) => new Big(value).eq(0)

/**
 * The bookings of one ledger leg. Only completed legs moved money: a failed, rejected or cancelled one moved
 * nothing, and one not final yet belongs to a later export. An `internal` leg changes no balance (as in the
 * roll-forward). A payout's fee is its own booking, in the fee's asset (the leg's asset when none is named).
 */
export function legBookings(leg: LedgerRow, source: AccountingSource): LegBookings {
  if (leg.status !== 'completed' || leg.direction === 'internal') return { leg, entries: [] }
  const incoming = leg.direction === 'in'
  const self = incoming ? leg.to : leg.from
  const other = incoming ? leg.from : leg.to
  const ownTransfer = source.hasLeg(leg.id, incoming ? 'out' : 'in') || source.names.isOwn(leg.network, other.address)
  const payee = source.names.label(leg.network, other.address) ?? other.name
  const party = payee ?? other.address
  const where = leg.network_name ?? leg.network ?? 'an unnamed network'
  const wallet = self.name ?? leg.wallet_id ?? self.address
  const base = { leg, ownTransfer, wallet, payee, counterpartyAddress: other.address }
  const note = source.notes.get(legKey(leg.id, leg.direction))?.note
  const what = incoming
    ? `${ownTransfer ? 'Moved' : 'Received'} ${leg.asset} on ${where} from ${ownTransfer ? 'own wallet ' : ''}${party}`
    : `${ownTransfer ? 'Moved' : 'Sent'} ${leg.asset} on ${where} to ${ownTransfer ? 'own wallet ' : ''}${party}`
  // The invoice paid and the person's own note go where every format has room for words: the description
  // (Cryptio's note).
  const invoice = incoming ? null : source.invoiceOf(leg.tx_hash, other.address)
  const paid = invoice ? `${what}; invoice ${invoice}` : what
  const moved = note ? `${paid}; note: ${note}` : paid
  const entries: AccountingEntry[] = [
    {
      ...base,
      kind: incoming ? 'deposit' : 'payment',
      asset: leg.asset,
      amount: leg.amount,
      sign: incoming ? 1 : -1,
      description: moved,
    },
  ]
  if (!incoming && leg.fee !== null && !isZero(leg.fee)) {
    const asset = leg.fee_asset ?? leg.asset
    entries.push({
      ...base,
      kind: 'fee',
      asset,
      amount: leg.fee,
      sign: -1,
      description: `Network fee in ${asset} for: ${moved}`,
    })
  }
  return { leg, entries }
}
