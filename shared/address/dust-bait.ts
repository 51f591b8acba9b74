import Big from 'big.js'
import { z } from 'zod'
import { DECIMAL_PATTERN } from '../api/amount'
import { isLookalike, sameAddress } from './lookalike'

/**
 * Dust and zero-value bait: an attacker sends nothing, or next to nothing, from a look-alike of an address the
 * person knows, so that the look-alike lands in the history to be copied from. Below these amounts an incoming
 * movement is worth nothing to the receiver and is treated as possible bait; for an asset not listed only zero is.
 * About one US dollar or less at the time of writing: the stablecoins 1, ETH 0.0005, BTC 0.00001, POL and TRX 1, SOL
 * 0.005.
 */
export const DEFAULT_DUST_THRESHOLDS: Readonly<Record<string, string>> = {
  USDC: '1',
  USDT: '1',
  ETH: '0.0005',
  POL: '1',
  BTC: '0.00001',
  TRX: '1',
  SOL: '0.005',
}

export const DustAssetSchema = z.string().regex(/^[A-Z0-9.]{1,32}$/, 'an asset symbol in capitals, e.g. USDC')
export const DustThresholdSchema = z.string().max(40).regex(DECIMAL_PATTERN, 'a decimal amount, e.g. 1 or 0.0005')
/** A profile's own thresholds by asset, over the defaults. */
export const DustThresholdsSchema = z.record(DustAssetSchema, DustThresholdSchema)
export type DustThresholds = z.infer<typeof DustThresholdsSchema>

/** One asset's threshold as a settings screen shows it: the profile's own, or the default. */
export const DustThresholdRowSchema = z.strictObject({ asset: z.string(), below: z.string(), own: z.boolean() })
export type DustThresholdRow = z.infer<typeof DustThresholdRowSchema>

/** The profile's threshold for `asset`: its own setting, else the default, else zero (only zero-value movements). */
export function dustThreshold(own: DustThresholds, asset: string): string {
  if (Object.hasOwn(own, asset)) return own[asset]!
  return Object.hasOwn(DEFAULT_DUST_THRESHOLDS, asset) ? DEFAULT_DUST_THRESHOLDS[asset]! : '0'
}

/** Zero, or below the threshold (at the threshold is not dust). */
export function isDust(amount: string, threshold: string): boolean {
  const a = new Big(amount)
  return a.eq(0) || a.lt(threshold)
}

export interface BaitCandidate {
  direction: 'in' | 'out' | 'internal'
  network: string | null
  amount: string
  /** The sender's address. */
  from: string
  /** When the movement was recorded. */
  at: string
}

/** An index entry: where and since when the profile has known an address. */
export interface KnownEntry {
  address: string
  /** destination, own, payout: trusted by the person; ledger: only seen in the history. */
  source: string
  seenAt: string
}

/** Could this movement be bait at all: incoming dust on a known network. Only these need the index. */
export function isBaitCandidate(leg: BaitCandidate, threshold: string): boolean {
  return leg.direction === 'in' && leg.network !== null && isDust(leg.amount, threshold)
}

/**
 * Suspected address poisoning: incoming dust whose sender is a look-alike of an address the profile knows
 * (`known`: the index entries on the leg's network that share its look-alike key). A look-alike of a trusted
 * entry (the book, own addresses, completed payouts) always counts; one of an address only seen in the history
 * counts when that address was seen first, since the imitation comes after the original (so the original's own
 * later dust is not flagged because its imitation is now in the history too). A trusted sender is never bait.
 */
export function isSuspectedBait(leg: BaitCandidate, threshold: string, known: readonly KnownEntry[]): boolean {
  if (!isBaitCandidate(leg, threshold)) return false
  const network = leg.network!
  const itself = known.filter((k) => sameAddress(network, k.address, leg.from))
  if (itself.some((k) => k.source !== 'ledger')) return false
  const firstSeen = Math.min(Date.parse(leg.at), ...itself.map((k) => Date.parse(k.seenAt)))
  return known.some(
    (k) => isLookalike(network, leg.from, k.address) && (k.source !== 'ledger' || Date.parse(k.seenAt) < firstSeen),
  )
}

/** What the app says wherever a flagged movement's sender could be copied or shown. */
export const BAIT_WARNING =
  'Suspected address poisoning: this sender sent nothing or dust, and its address has the same first and last ' +
  'characters as one you know. Do not pay or save it.'
