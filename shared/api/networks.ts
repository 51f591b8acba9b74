/** Networks of Client API v1 as the provider names them, with the address format each accepts. */
export type AddressFormat = 'evm' | 'bitcoin' | 'tron' | 'solana'

export interface NetworkInfo {
  id: string
  name: string
  format: AddressFormat
  /** bech32 human-readable part, for bitcoin networks. */
  hrp?: string
  testnet: boolean
}

export const NETWORKS: readonly NetworkInfo[] = [
  { id: 'ethereum-sepolia', name: 'Ethereum Sepolia', format: 'evm', testnet: true },
  { id: 'ethereum', name: 'Ethereum', format: 'evm', testnet: false },
  { id: 'polygon-amoy', name: 'Polygon Amoy', format: 'evm', testnet: true },
  { id: 'polygon', name: 'Polygon', format: 'evm', testnet: false },
  { id: 'bitcoin-testnet', name: 'Bitcoin Testnet', format: 'bitcoin', hrp: 'tb', testnet: true },
  { id: 'bitcoin', name: 'Bitcoin', format: 'bitcoin', hrp: 'bc', testnet: false },
  { id: 'tron-nile', name: 'Tron Nile', format: 'tron', testnet: true },
  { id: 'tron', name: 'Tron', format: 'tron', testnet: false },
  { id: 'solana-devnet', name: 'Solana Devnet', format: 'solana', testnet: true },
  { id: 'solana', name: 'Solana', format: 'solana', testnet: false },
]

export function findNetwork(id: string): NetworkInfo | undefined {
  return NETWORKS.find((n) => n.id === id)
}

/** Decimals of the assets the app knows; the provider enforces its own, this only guides forms. */
export const ASSET_DECIMALS: Readonly<Record<string, number>> = {
  ETH: 18,
  POL: 18,
  USDC: 6,
  USDT: 6,
  BTC: 8,
  TRX: 6,
  SOL: 9,
}

/** The decimals the app knows for `asset`, or undefined: only the table's own entries, so "constructor" is no asset. */
export function assetDecimals(asset: string): number | undefined {
  return Object.hasOwn(ASSET_DECIMALS, asset) ? ASSET_DECIMALS[asset] : undefined
}
