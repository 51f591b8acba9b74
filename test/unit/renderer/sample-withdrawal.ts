import type { Withdrawal } from '../../../shared/api/resources'

/** One payout as the provider answers it, pending approval unless told otherwise. */
export const sampleWithdrawal = (over: Partial<Withdrawal> = {}): Withdrawal => ({
  id: '7b0c2f4e-1d2a-4c3b-9e8f-0a1b2c3d4e5f',
  status: 'pending_approval',
  wallet_id: 'w1',
  asset: 'USDC',
  amount: '12.5',
  destination: '0xabc',
  network: 'ethereum-sepolia',
  tx_hash: null,
  created_at: '2026-11-23T07:00:00Z',
  updated_at: '2026-11-23T07:00:00Z',
  ...over,
})
