import { describe, expect, it } from 'vitest'
import { explorerAddressUrl, explorerTxUrl, networksWithoutExplorer } from '../../../shared/api/explorers'
import { NETWORKS } from '../../../shared/api/networks'

describe('block explorer links', () => {
  it('every network, testnets included, has https links for a transaction and an address', () => {
    expect(networksWithoutExplorer()).toEqual([])
    for (const n of NETWORKS) {
      expect(new URL(explorerTxUrl(n.id, 'abc')!).protocol).toBe('https:')
      expect(new URL(explorerAddressUrl(n.id, 'xyz')!).protocol).toBe('https:')
    }
  })

  it('a testnet never links to its main network explorer', () => {
    expect(explorerTxUrl('ethereum-sepolia', '0x1')).toBe('https://sepolia.etherscan.io/tx/0x1')
    expect(explorerTxUrl('solana-devnet', 'sig')).toBe('https://explorer.solana.com/tx/sig?cluster=devnet')
    expect(explorerTxUrl('tron-nile', 'h')).toBe('https://nile.tronscan.org/#/transaction/h')
    expect(explorerAddressUrl('bitcoin-testnet', 'tb1q')).toBe('https://mempool.space/testnet/address/tb1q')
  })

  it("a hash cannot change the link's path, and a leg without a hash or network has none", () => {
    expect(explorerTxUrl('ethereum', '../../evil?x=1')).toBe('https://etherscan.io/tx/..%2F..%2Fevil%3Fx%3D1')
    expect(explorerTxUrl('ethereum', null)).toBeNull()
    expect(explorerTxUrl(null, '0x1')).toBeNull()
    expect(explorerTxUrl('dogecoin', '0x1')).toBeNull()
  })
})
