import Big from 'big.js'

/** What of a leg an opening balance needs. */
export interface OpeningLeg {
  direction: 'in' | 'out' | 'internal'
  walletId: string | null
  asset: string
  network: string | null
  amount: string
  fee: string | null
  feeAsset: string | null
  final: boolean
  status: string
}

/**
 * One change a leg makes to a roll-forward row's opening balance (zero for an internal leg, which still has its row).
 */
export interface OpeningEffect {
  walletId: string
  asset: string
  network: string
  amount: Big
}

/** A leg that moved money, or may still: a failed, rejected, cancelled or expired movement moved nothing. */
export function moves(leg: Pick<OpeningLeg, 'status' | 'final'>): boolean {
  return leg.status === 'completed' || !leg.final
}

const ZERO = new Big(0)

/**
 * The roll-forward's one rule for a leg's effect on balances: incoming adds, outgoing subtracts, and the fee of
 * an outgoing leg is paid in its own asset's row (the leg's asset when the provider names none). A row is keyed
 * by wallet, asset and network, an absent wallet or network as ''. A leg that moved nothing has no effect and no row.
 */
export function openingEffects(leg: OpeningLeg): OpeningEffect[] {
  if (!moves(leg)) return []
  const walletId = leg.walletId ?? ''
  const network = leg.network ?? ''
  const amount =
    leg.direction === 'in' ? new Big(leg.amount) : leg.direction === 'out' ? new Big(leg.amount).neg() : ZERO
  const effects: OpeningEffect[] = [{ walletId, asset: leg.asset, network, amount }]
  if (leg.direction === 'out' && leg.fee !== null)
    effects.push({ walletId, asset: leg.feeAsset ?? leg.asset, network, amount: new Big(leg.fee).neg() })
  return effects
}
