import { ASSET_DECIMALS } from '../../../shared/api'
import { feeAsset, makeAddress, makeTxHash } from '../chain-formats'
import { pick, uuidFrom, type RandomSource } from '../random-source'
import type { LegRecord, WalletRecord } from '../types'
import { depositLeg, moveLegs, payoutLeg } from './legs'

/** Plausible amount ranges per asset, so generated history reads like a real treasury. */
const AMOUNT_RANGE: Record<string, [number, number]> = {
  ETH: [0.01, 25],
  BTC: [0.0005, 1.5],
  SOL: [0.5, 400],
  USDC: [25, 60000],
  USDT: [25, 60000],
  TRX: [10, 20000],
  POL: [1, 5000],
}

const FEE_RANGE: Record<string, [number, number]> = {
  ETH: [0.00008, 0.004],
  POL: [0.002, 0.08],
  BTC: [0.000008, 0.00015],
  TRX: [1, 14],
  SOL: [0.000005, 0.00002],
}

/**
 * Digits of `value` rounded to `places`, without trailing zeros; string work, since a million of these must be quick.
 */
function plainDecimal(value: number, places: number): string {
  const text = value.toFixed(places)
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text
}

function randomDecimal(source: RandomSource, [low, high]: [number, number], decimals: number): string {
  const places = Math.min(decimals, 8)
  const text = plainDecimal(low * Math.pow(high / low, source.next()), places)
  return text === '0' ? plainDecimal(low, places) : text
}

export interface HistoryOptions {
  count: number
  /** Wallets the movements start from. */
  wallets: WalletRecord[]
  /** Wallets that can receive an own-wallet move (same workspace). */
  moveTargets: WalletRecord[]
  source: RandomSource
  endMs: number
  spanMs: number
  /** A few outside parties per network that recur, as real counterparties do. */
  outsideAddresses?: Map<string, string[]>
}

/** `count` movements (deposits, payouts with fees, own-wallet moves), recorded at random times in the span. */
export function generateHistory(options: HistoryOptions): LegRecord[] {
  const { source } = options
  const outside = options.outsideAddresses ?? new Map<string, string[]>()
  const legs: LegRecord[] = []
  const candidates = options.wallets.filter((w) => w.balances.length > 0)
  if (candidates.length === 0) return legs
  for (let i = 0; i < options.count; i++) {
    const wallet = pick(source, candidates)
    const balance = pick(source, wallet.balances)
    const decimals = balance.decimals ?? ASSET_DECIMALS[balance.asset] ?? 6
    const spec = {
      id: uuidFrom(source),
      wallet,
      asset: balance.asset,
      network: balance.network,
      amount: randomDecimal(source, AMOUNT_RANGE[balance.asset] ?? [1, 1000], decimals),
      at: options.endMs - Math.floor(source.next() * options.spanMs),
      txHash: makeTxHash(balance.network, source),
    }
    const fee = () => randomDecimal(source, FEE_RANGE[feeAsset(balance.network)] ?? [0.0001, 0.01], 8)
    const roll = source.next()
    const targets = options.moveTargets.filter(
      (t) => t.id !== wallet.id && t.balances.some((b) => b.network === balance.network && b.asset === balance.asset),
    )
    if (roll < 0.15 && targets.length > 0) {
      legs.push(...moveLegs(spec, pick(source, targets), fee()))
    } else if (roll < 0.58) {
      legs.push(depositLeg(spec, outsideParty(outside, balance.network, source)))
    } else {
      legs.push(payoutLeg(spec, outsideParty(outside, balance.network, source), fee()))
    }
  }
  return legs
}

function outsideParty(pool: Map<string, string[]>, network: string, source: RandomSource): string {
  let list = pool.get(network)
  if (!list) {
    list = []
    pool.set(network, list)
  }
  if (list.length < 12 || source.next() < 0.1) {
    const address = makeAddress(network, source)
    list.push(address)
    return address
  }
  return pick(source, list)
}
