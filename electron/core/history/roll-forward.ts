import Big from 'big.js'
import type { RollForwardRow } from '../../../shared/api/ledger-report'
import type { LegTally } from '../store/ledger/ledger-repo'
import { moves, openingEffects, type OpeningEffect } from '../store/ledger/opening-effects'

type NotFinal = RollForwardRow['notFinal'][number]

interface Row {
  walletId: string
  asset: string
  network: string
  opening: Big
  incoming: Big
  outgoing: Big
  fees: Big
  internal: Big
  notFinal: NotFinal[]
}

const ZERO = new Big(0)

/**
 * Adds up one roll-forward over legs read oldest first up to the period's end: what was recorded up to
 * `fromMs` makes the opening balance (only when `openingKnown`), the rest the period's columns. Fees are
 * paid by the outgoing leg, in their own asset's row (the leg's asset when the provider names none).
 */
export class RollForwardTally {
  private readonly rowsByKey = new Map<string, Row>()

  constructor(
    private readonly fromMs: number,
    private readonly openingKnown: boolean,
  ) {}

  private row(walletId: string, asset: string, network: string): Row {
    const key = `${walletId}\n${asset}\n${network}`
    let row = this.rowsByKey.get(key)
    if (!row) {
      row = {
        walletId,
        asset,
        network,
        opening: ZERO,
        incoming: ZERO,
        outgoing: ZERO,
        fees: ZERO,
        internal: ZERO,
        notFinal: [],
      }
      this.rowsByKey.set(key, row)
    }
    return row
  }

  add(leg: LegTally): void {
    if (!moves(leg)) return
    this.note(leg)
    if (leg.atMs <= this.fromMs) {
      for (const effect of openingEffects(leg)) this.addOpening(effect)
      return
    }
    const wallet = leg.walletId ?? ''
    const network = leg.network ?? ''
    const row = this.row(wallet, leg.asset, network)
    if (leg.direction === 'in') row.incoming = row.incoming.plus(leg.amount)
    else if (leg.direction === 'out') row.outgoing = row.outgoing.plus(leg.amount)
    else row.internal = row.internal.plus(leg.amount)
    if (leg.direction === 'out' && leg.fee !== null) {
      const feeRow = this.row(wallet, leg.feeAsset ?? leg.asset, network)
      feeRow.fees = feeRow.fees.plus(leg.fee)
    }
  }

  /**
   * What movements before the period add to a row's opening balance (its row is there even when the opening is
   * unknown).
   */
  addOpening(effect: OpeningEffect): void {
    const row = this.row(effect.walletId, effect.asset, effect.network)
    if (this.openingKnown) row.opening = row.opening.plus(effect.amount)
  }

  /** A leg not final is listed in its row (and its fee's row), wherever its amount was counted. */
  note(leg: LegTally): void {
    if (leg.final || !moves(leg)) return
    const wallet = leg.walletId ?? ''
    const network = leg.network ?? ''
    const row = this.row(wallet, leg.asset, network)
    const feeRow =
      leg.direction === 'out' && leg.fee !== null ? this.row(wallet, leg.feeAsset ?? leg.asset, network) : null
    const note = {
      id: leg.id,
      direction: leg.direction,
      amount: leg.amount,
      fee: feeRow ? leg.fee : null,
      status: leg.status,
      createdAt: new Date(leg.atMs).toISOString(),
    }
    row.notFinal.push(note)
    if (feeRow && feeRow !== row) feeRow.notFinal.push(note)
  }

  /** A balance the provider shows with no movement in the ledger still gets its row, so it is compared too. */
  touch(walletId: string, asset: string, network: string): void {
    this.row(walletId, asset, network)
  }

  rows(): RollForwardRow[] {
    return [...this.rowsByKey.values()]
      .sort(
        (a, b) =>
          a.walletId.localeCompare(b.walletId) || a.asset.localeCompare(b.asset) || a.network.localeCompare(b.network),
      )
      .map((r) => {
        const opening = this.openingKnown ? r.opening : null
        return {
          walletId: r.walletId,
          asset: r.asset,
          network: r.network,
          opening: opening?.toFixed() ?? null,
          incoming: r.incoming.toFixed(),
          outgoing: r.outgoing.toFixed(),
          fees: r.fees.toFixed(),
          internal: r.internal.toFixed(),
          closing: opening ? opening.plus(r.incoming).minus(r.outgoing).minus(r.fees).toFixed() : null,
          provider: { state: 'not_compared', reason: 'The period does not end at the last sync.' },
          notFinal: r.notFinal,
        }
      })
  }
}
