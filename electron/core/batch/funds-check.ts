import Big from 'big.js'
import type { CreateWithdrawal } from '../../../shared/api/requests'
import type { Wallet } from '../../../shared/api/resources'
import type { RowProblem } from './csv-rows'

/** The asset a network's fees are paid in. */
const FEE_ASSET: ReadonlyArray<[RegExp, string]> = [
  [/^ethereum/, 'ETH'],
  [/^polygon/, 'POL'],
  [/^bitcoin/, 'BTC'],
  [/^tron/, 'TRX'],
  [/^solana/, 'SOL'],
]

/** Kept back per payout in the fee asset: a generous estimate of one network fee, so a run never stops half paid. */
export const FEE_MARGIN: Readonly<Record<string, string>> = {
  ETH: '0.001',
  POL: '0.05',
  BTC: '0.0001',
  TRX: '10',
  SOL: '0.00001',
}

export const feeAssetOf = (network: string): string | null => FEE_ASSET.find(([re]) => re.test(network))?.[1] ?? null

/** What the payouts need of one balance (wallet, asset, network), against what it has available. */
export interface FundsRow {
  walletId: string
  walletName: string
  asset: string
  network: string
  payouts: number
  total: string
  /** Fee margin kept on the network's own asset, for every payout from this wallet on the network. */
  feeMargin: string
  needed: string
  available: string
  /** What the balance lacks; null when it has enough. */
  missing: string | null
  /** The first line that draws on this balance. */
  firstLine: number
}

export interface FundsInput {
  line: number
  body: CreateWithdrawal
}

/**
 * The funds check before anything is recorded: per wallet and asset the total paid, plus a fee margin on the network's
 * own asset where the wallet holds it (a wallet without it has its fees paid another way), against available balances.
 */
export function fundsCheck(rows: readonly FundsInput[], wallets: readonly Wallet[]): FundsRow[] {
  const groups = new Map<
    string,
    { walletId: string; asset: string; network: string; payouts: number; total: Big; margin: Big; firstLine: number }
  >()
  const group = (walletId: string, asset: string, network: string, line: number) => {
    const key = `${walletId}|${asset}|${network}`
    const g = groups.get(key) ?? {
      walletId,
      asset,
      network,
      payouts: 0,
      total: new Big(0),
      margin: new Big(0),
      firstLine: line,
    }
    g.firstLine = Math.min(g.firstLine, line)
    groups.set(key, g)
    return g
  }
  for (const r of rows) {
    const network = r.body.network ?? ''
    const g = group(r.body.wallet_id, r.body.asset, network, r.line)
    g.payouts++
    g.total = g.total.plus(r.body.amount)
    const feeAsset = feeAssetOf(network)
    const wallet = wallets.find((w) => w.id === r.body.wallet_id)
    if (feeAsset && wallet?.balances.some((b) => b.asset === feeAsset && b.network === network)) {
      const f = group(r.body.wallet_id, feeAsset, network, r.line)
      f.margin = f.margin.plus(FEE_MARGIN[feeAsset]!)
    }
  }
  return [...groups.values()].map((g) => {
    const wallet = wallets.find((w) => w.id === g.walletId)
    const available = new Big(
      wallet?.balances.find((b) => b.asset === g.asset && b.network === g.network)?.available ?? '0',
    )
    const needed = g.total.plus(g.margin)
    return {
      walletId: g.walletId,
      walletName: wallet?.name ?? g.walletId,
      asset: g.asset,
      network: g.network,
      payouts: g.payouts,
      total: g.total.toFixed(),
      feeMargin: g.margin.toFixed(),
      needed: needed.toFixed(),
      available: available.toFixed(),
      missing: needed.gt(available) ? needed.minus(available).toFixed() : null,
      firstLine: g.firstLine,
    }
  })
}

/** A shortfall said plainly: the wallet, the asset and the missing amount. */
export function shortfallText(f: FundsRow): string {
  const margin = new Big(f.feeMargin).gt(0) ? ` (${f.total} paid + ${f.feeMargin} fee margin)` : ''
  return (
    `"${f.walletName}" (${f.walletId}) lacks ${f.missing} ${f.asset} on ${f.network}: it needs ` +
    `${f.needed}${margin}, available ${f.available}.`
  )
}

/**
 * The batch check's hook: a balance the fee margin takes past what is available. (A total past it alone is already
 * named at the line where it happens.)
 */
export function feeShortfalls(rows: readonly FundsInput[], wallets: readonly Wallet[]): RowProblem[] {
  return fundsCheck(rows, wallets)
    .filter((f) => f.missing !== null && new Big(f.total).lte(f.available))
    .map((f) => ({
      line: f.firstLine,
      column: null,
      message: `Line ${f.firstLine}: ${shortfallText(f)}`,
      severity: 'error' as const,
    }))
}
