import { NETWORKS } from './networks'

/** Where a person can look a transaction or an address up, per network (testnets have their own explorers). */
interface Explorer {
  tx(hash: string): string
  address(address: string): string
}

const path = (base: string, suffix = '') => ({
  tx: (hash: string) => `${base}/tx/${encodeURIComponent(hash)}${suffix}`,
  address: (address: string) => `${base}/address/${encodeURIComponent(address)}${suffix}`,
})
const tronscan = (base: string) => ({
  tx: (hash: string) => `${base}/#/transaction/${encodeURIComponent(hash)}`,
  address: (address: string) => `${base}/#/address/${encodeURIComponent(address)}`,
})

const EXPLORERS: Readonly<Record<string, Explorer>> = {
  ethereum: path('https://etherscan.io'),
  'ethereum-sepolia': path('https://sepolia.etherscan.io'),
  polygon: path('https://polygonscan.com'),
  'polygon-amoy': path('https://amoy.polygonscan.com'),
  bitcoin: path('https://mempool.space'),
  'bitcoin-testnet': path('https://mempool.space/testnet'),
  tron: tronscan('https://tronscan.org'),
  'tron-nile': tronscan('https://nile.tronscan.org'),
  solana: path('https://explorer.solana.com'),
  'solana-devnet': path('https://explorer.solana.com', '?cluster=devnet'),
}

/**
 * An https link to the transaction on its network's explorer; null for a network without one or a leg without a hash.
 */
export function explorerTxUrl(network: string | null, hash: string | null): string | null {
  if (network === null || hash === null) return null
  return EXPLORERS[network]?.tx(hash) ?? null
}

export function explorerAddressUrl(network: string | null, address: string): string | null {
  if (network === null) return null
  return EXPLORERS[network]?.address(address) ?? null
}

/** Networks the app knows but has no explorer for (kept empty by a test). */
export function networksWithoutExplorer(): string[] {
  return NETWORKS.map((n) => n.id).filter((id) => !(id in EXPLORERS))
}
