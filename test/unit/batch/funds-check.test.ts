import { describe, expect, it } from 'vitest'
import type { Wallet } from '../../../shared/api/resources'
import type { Counterparty } from '../../../shared/api/resources'
import { checkRows, hasErrors } from '../../../electron/core/batch/batch-check'
import { readCsvRows } from '../../../electron/core/batch/csv-rows'
import { fundsCheck } from '../../../electron/core/batch/funds-check'

const ADDR = '0x52908400098527886E0F7030069857D2E4169EE7'
const wallet = (id: string, balances: Array<[asset: string, network: string, available: string]>): Wallet => ({
  id,
  name: `Wallet ${id}`,
  status: 'active',
  address: ADDR,
  deposit_addresses: [],
  networks: [],
  balances: balances.map(([asset, network, available]) => ({
    asset,
    network,
    amount: available,
    available,
    usd_value: 0,
  })),
  total_usd: 0,
})
const alice: Counterparty = {
  id: 'cp-alice',
  label: 'Alice',
  network: 'ethereum-sepolia',
  network_name: 'Ethereum Sepolia',
  address: ADDR,
  direction: 'send',
  status: 'verified',
  can_send: true,
  verified_at: '2026-01-01T00:00:00.000Z',
  counterparty_type: 'company',
  company_name: 'Alice',
  wallet_type: 'unhosted',
  country: 'DE',
  created_at: '2026-01-01T00:00:00.000Z',
}

function check(csv: string, wallets: Wallet[]) {
  const read = readCsvRows(csv)
  if (!read.ok) throw new Error(read.problems[0]!.message)
  return checkRows(read.rows, wallets, [alice])
}

describe('funds check', () => {
  it('keeps a fee margin per payout on the network’s own asset where the wallet holds it', () => {
    const w = wallet('w1', [
      ['USDC', 'ethereum-sepolia', '100'],
      ['ETH', 'ethereum-sepolia', '1.0025'],
    ])
    const rows = [1, 2, 3].map((line) => ({
      line,
      body: { wallet_id: 'w1', asset: 'USDC', amount: '10', destination: ADDR, network: 'ethereum-sepolia' },
    }))
    rows.push({
      line: 4,
      body: { wallet_id: 'w1', asset: 'ETH', amount: '1', destination: ADDR, network: 'ethereum-sepolia' },
    })
    const funds = fundsCheck(rows, [w])
    expect(funds.find((f) => f.asset === 'USDC')).toMatchObject({
      total: '30',
      feeMargin: '0',
      needed: '30',
      missing: null,
    })
    expect(funds.find((f) => f.asset === 'ETH')).toMatchObject({
      total: '1',
      feeMargin: '0.004',
      needed: '1.004',
      available: '1.0025',
      missing: '0.0015',
      firstLine: 1,
    })
  })

  it('a wallet that does not hold the fee asset has no margin to keep', () => {
    const rows = [
      {
        line: 2,
        body: { wallet_id: 'w1', asset: 'USDC', amount: '10', destination: ADDR, network: 'ethereum-sepolia' },
      },
    ]
    expect(fundsCheck(rows, [wallet('w1', [['USDC', 'ethereum-sepolia', '10']])])).toEqual([
      expect.objectContaining({ asset: 'USDC', feeMargin: '0', missing: null }),
    ])
  })

  it('every batch check refuses a batch whose fees the wallet cannot pay, naming wallet, asset and missing amount', () => {
    const w = wallet('w1', [
      ['USDC', 'ethereum-sepolia', '100'],
      ['ETH', 'ethereum-sepolia', '0.0015'],
    ])
    const result = check('destination,amount,asset,wallet\nAlice,10,USDC,w1\nAlice,11,USDC,w1\n', [w])
    expect(hasErrors(result)).toBe(true)
    expect(result.problems.map((p) => p.message)).toEqual([
      'Line 2: "Wallet w1" (w1) lacks 0.0005 ETH on ethereum-sepolia: it needs 0.002 (0 paid + 0.002 fee margin), available 0.0015.',
    ])
  })
})
