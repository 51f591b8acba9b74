import { describe, expect, it } from 'vitest'
import type { Counterparty, Wallet } from '../../../shared/api/resources'
import { checkPayout, firstPayoutProblem } from '../../../shared/payouts/payout-rules'

const wallet: Wallet = {
  id: 'w1',
  name: 'Ops',
  status: 'active',
  address: '0x1',
  deposit_addresses: [],
  networks: [],
  total_usd: 0,
  balances: [
    { asset: 'USDC', network: 'ethereum-sepolia', amount: '100', available: '80', usd_value: 80 },
    { asset: 'USDC', network: 'polygon-amoy', amount: '5', available: '5', usd_value: 5 },
    { asset: 'ETH', network: 'ethereum-sepolia', amount: '1', available: '1', usd_value: 3000 },
  ],
}
const destination = (over: Partial<Counterparty> = {}): Counterparty => ({
  id: 'c1',
  label: 'Supplier',
  network: 'ethereum-sepolia',
  network_name: 'Ethereum Sepolia',
  address: '0xdest',
  direction: 'send',
  status: 'active',
  can_send: true,
  verified_at: '2026-11-23T07:00:00Z',
  counterparty_type: 'company',
  company_name: 'Supplier GmbH',
  wallet_type: 'vasp',
  vasp_name: 'Example',
  country: 'DE',
  created_at: '2026-11-23T06:00:00Z',
  ...over,
})
const EVM = '0xE9800387E448B82c3064d5146CD8Bb37C2d8EE26'
const body = { wallet_id: 'w1', asset: 'USDC', network: 'ethereum-sepolia', amount: '12.5', destination: '0xdest' }

describe('payout rules shared by the form and the preflight', () => {
  it('accepts a payout within the available balance to a verified destination', () => {
    const check = checkPayout([wallet], [destination()], body)
    expect(check.problems).toEqual({})
    expect(check.balance?.available).toBe('80')
    expect(check.destination?.id).toBe('c1')
  })

  it.each([
    [{ wallet_id: 'other' }, [destination()], 'wallet', 'Choose one of the workspace’s wallets.'],
    [{ asset: 'BTC' }, [destination()], 'asset', 'The wallet holds no "BTC".'],
    [
      { asset: 'usdc' },
      [destination()],
      'asset',
      'The wallet holds no "usdc"; asset symbols are exact: did you mean USDC?',
    ],
    [
      { asset: 'USDC ' },
      [destination()],
      'asset',
      'The wallet holds no "USDC "; asset symbols are exact: did you mean USDC?',
    ],
    [{ asset: '__proto__' }, [destination()], 'asset', 'The wallet holds no "__proto__".'],
    [
      { network: undefined },
      [destination()],
      'network',
      'The wallet holds USDC on several networks; choose the network.',
    ],
    [{ network: 'tron-nile' }, [destination()], 'network', 'The wallet holds no USDC on tron-nile.'],
    [{ amount: '80.01' }, [destination()], 'amount', 'More than the available balance.'],
    [{ amount: '1.1234567' }, [destination()], 'amount', 'This asset does not allow that many decimal places.'],
    [
      { amount: '1,5' },
      [destination()],
      'amount',
      'Use digits and a dot only, for example 12.5 (no commas, signs or exponents).',
    ],
    [
      {},
      [destination({ network: 'polygon-amoy' })],
      'destination',
      'Choose a destination in the book for this network (register it first).',
    ],
    [
      { destination: EVM },
      [destination({ address: EVM }), destination({ id: 'c2', address: EVM.toLowerCase() })],
      'destination',
      'Several entries in the book have this address on ethereum-sepolia; a person must remove the extra ones first.',
    ],
    [
      {},
      [destination({ can_send: false })],
      'destination',
      'This destination is not verified yet; payouts to it are refused until it is.',
    ],
  ] as const)('refuses %j', (over, book, field, message) => {
    const check = checkPayout([wallet], book, { ...body, ...over })
    expect(check.problems[field]).toBe(message)
    expect(firstPayoutProblem(check)).toBe(message)
  })

  it('resolves the destination as the provider does: an EVM address in any case, on the network an omitted one resolves to', () => {
    const book = [
      destination({ address: EVM }),
      destination({ id: 'c2', network: 'polygon-amoy', address: EVM.toLowerCase() }),
    ]
    expect(checkPayout([wallet], book, { ...body, destination: EVM.toLowerCase() }).destination?.id).toBe('c1')
    const onlyPolygon: Wallet = { ...wallet, balances: [wallet.balances[1]!] }
    const check = checkPayout([onlyPolygon], book, { ...body, amount: '1', network: undefined, destination: EVM })
    expect(check.problems).toEqual({})
    expect([check.balance?.network, check.destination?.id]).toEqual(['polygon-amoy', 'c2'])
  })

  it('takes the whole available amount exactly, with no floating point', () => {
    const big: Wallet = {
      ...wallet,
      balances: [
        {
          asset: 'ETH',
          network: 'ethereum-sepolia',
          amount: '1',
          available: '123456789.123456789012345678',
          usd_value: 0,
        },
      ],
    }
    const check = checkPayout([big], [destination()], { ...body, asset: 'ETH', amount: '123456789.123456789012345678' })
    expect(check.problems).toEqual({})
  })
})
