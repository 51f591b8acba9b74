import Big from 'big.js'

/** The asset each network pays its own fees in (Polygon's was renamed from MATIC to POL; both are accepted). */
const NATIVE: Readonly<Record<string, readonly string[]>> = {
  ethereum: ['ETH'],
  'ethereum-sepolia': ['ETH'],
  polygon: ['POL', 'MATIC'],
  'polygon-amoy': ['POL', 'MATIC'],
  bitcoin: ['BTC'],
  'bitcoin-testnet': ['BTC'],
  tron: ['TRX'],
  'tron-nile': ['TRX'],
  solana: ['SOL'],
  'solana-devnet': ['SOL'],
}

/**
 * What the form suggests keeping back when paying out all of a network's own asset: enough for a few token payouts'
 * network fees. Indicative only; the provider charges the real fee.
 */
const FEE_MARGIN: Readonly<Record<string, string>> = {
  ETH: '0.01',
  POL: '1',
  MATIC: '1',
  BTC: '0.0005',
  TRX: '30',
  SOL: '0.01',
}

export function nativeAsset(network: string): string | null {
  return NATIVE[network]?.[0] ?? null
}

export function isNativeAsset(asset: string, network: string): boolean {
  return NATIVE[network]?.includes(asset) ?? false
}

/**
 * The suggested margin for a network's own asset, and the amount that leaves it; null when the balance is too small.
 */
export function withFeeMargin(asset: string, available: string): { margin: string; amount: string } | null {
  const margin = FEE_MARGIN[asset]
  if (!margin) return null
  const left = new Big(available).minus(margin)
  return left.gt(0) ? { margin, amount: left.toFixed() } : null
}
