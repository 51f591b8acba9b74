import type { TransactionLeg } from '../../shared/api/resources'

/** The `i`-th of a run of plain completed deposits into wallet w1 (ids in order), with what a test changes on top. */
export function sampleLeg(i: number, over: Partial<TransactionLeg> = {}): TransactionLeg {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    created_at: '2026-11-01T00:00:00.000Z',
    direction: 'in',
    from: { name: null, address: '0xabc' },
    to: { name: 'Treasury', address: '0xdef' },
    amount: '1.5',
    asset: 'ETH',
    fee: null,
    fee_asset: null,
    status: 'completed',
    tx_hash: null,
    network: 'ethereum-sepolia',
    network_name: 'Ethereum Sepolia',
    wallet_id: 'w1',
    ...over,
  }
}
