import { base58, bech32, createBase58check } from '@scure/base'
import { sha256 } from '@noble/hashes/sha2.js'
import { findNetwork, toChecksumAddress } from '../../shared/api'
import { hex, type RandomSource } from './random-source'

const base58check = createBase58check(sha256)

/** A fresh address in the format of `networkId` (valid per shared/api/address.ts). */
export function makeAddress(networkId: string, source: RandomSource): string {
  const network = findNetwork(networkId)
  if (!network) throw new Error(`unknown network ${networkId}`)
  switch (network.format) {
    case 'evm':
      return toChecksumAddress(`0x${hex(source.bytes(20))}`)
    case 'bitcoin':
      return bech32.encode(network.hrp!, [0, ...bech32.toWords(source.bytes(20))])
    case 'tron':
      return base58check.encode(new Uint8Array([0x41, ...source.bytes(20)]))
    case 'solana':
      return base58.encode(source.bytes(32))
  }
}

/** A transaction hash in the style of the network's explorers. */
export function makeTxHash(networkId: string, source: RandomSource): string {
  const format = findNetwork(networkId)?.format
  if (format === 'evm') return `0x${hex(source.bytes(32))}`
  if (format === 'solana') return base58.encode(source.bytes(64))
  return hex(source.bytes(32))
}

const NATIVE_ASSET: Record<string, string> = { evm: 'ETH', bitcoin: 'BTC', tron: 'TRX', solana: 'SOL' }

/** The asset that pays network fees on `networkId`. */
export function feeAsset(networkId: string): string {
  if (networkId.startsWith('polygon')) return 'POL'
  return NATIVE_ASSET[findNetwork(networkId)?.format ?? 'evm'] ?? 'ETH'
}
