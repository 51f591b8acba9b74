import Big from 'big.js'
import { ASSET_DECIMALS, findNetwork } from '../../../shared/api'
import { feeAsset, makeAddress, makeTxHash } from '../chain-formats'
import { seededRandom, uuidFrom, type RandomSource } from '../random-source'
import {
  emptyData,
  type CounterpartyRecord,
  type EnvironmentData,
  type EnvironmentName,
  type WalletRecord,
  type WithdrawalRecord,
} from '../types'
import { computeBalanceSums, currentBalance } from './balances'
import { fingerprint } from './fingerprint'
import { generateHistory } from './history-generator'
import { depositLeg, payoutLeg } from './legs'
import { NETWORK_FEE } from './network-fee'
import { keepSolvent } from './solvent-history'

export const DEMO_WORKSPACE_ID = 'ws-demo'
export const DEFAULT_ORGANISATION_ID = 'org-default'

export const USD_PRICE: Record<string, number> = {
  ETH: 3200,
  BTC: 65000,
  SOL: 150,
  USDC: 1,
  USDT: 1,
  TRX: 0.12,
  POL: 0.5,
}

const DAY_MS = 86_400_000

type Chain = 'eth' | 'polygon' | 'btc' | 'tron' | 'sol'
const NETWORK_IDS: Record<EnvironmentName, Record<Chain, string>> = {
  sandbox: {
    eth: 'ethereum-sepolia',
    polygon: 'polygon-amoy',
    btc: 'bitcoin-testnet',
    tron: 'tron-nile',
    sol: 'solana-devnet',
  },
  production: { eth: 'ethereum', polygon: 'polygon', btc: 'bitcoin', tron: 'tron', sol: 'solana' },
}

const WALLETS: { id: string; name: string; balances: [string, Chain, string][] }[] = [
  {
    id: 'wal-treasury',
    name: 'Treasury',
    balances: [
      ['ETH', 'eth', '42.5'],
      ['USDC', 'eth', '250000'],
      ['USDC', 'polygon', '80000'],
      ['BTC', 'btc', '3.2'],
    ],
  },
  {
    id: 'wal-operations',
    name: 'Operations',
    balances: [
      ['USDT', 'tron', '120000'],
      ['TRX', 'tron', '15000'],
      ['SOL', 'sol', '900'],
      ['USDC', 'polygon', '15000'],
      ['ETH', 'eth', '3.1'],
    ],
  },
  {
    id: 'wal-payroll',
    name: 'Payroll',
    balances: [
      ['USDC', 'eth', '40000'],
      ['USDT', 'tron', '20000'],
      ['ETH', 'eth', '0.8'],
    ],
  },
]

/** The demo environment: one workspace with wallets, a year of history, destinations and payouts in several states. */
export function demoData(env: EnvironmentName, nowMs: number): EnvironmentData {
  const source = seededRandom(env === 'sandbox' ? 20240601 : 20240602)
  const net = NETWORK_IDS[env]
  // Anchored to the hour so the data is identical across restarts within it.
  const anchor = Math.floor(nowMs / 3_600_000) * 3_600_000
  const data = emptyData()
  data.workspaces.push({
    id: DEMO_WORKSPACE_ID,
    name: 'Demo Treasury',
    organisation_id: DEFAULT_ORGANISATION_ID,
    parent_id: null,
  })
  data.workspaces.push({
    id: 'ws-demo-emea',
    name: 'Demo Treasury EMEA',
    organisation_id: DEFAULT_ORGANISATION_ID,
    parent_id: DEMO_WORKSPACE_ID,
  })
  data.wallets = WALLETS.map((w) => demoWallet(w, net, source))
  // Every balance opens at zero and is funded by a first deposit, so the demo reconciles from its first movement.
  const start = anchor - 365 * DAY_MS
  const funding = WALLETS.flatMap((spec, i) =>
    spec.balances.map(([asset, chain, amount]) =>
      depositLeg(
        {
          id: uuidFrom(source),
          wallet: data.wallets[i]!,
          asset,
          network: net[chain],
          amount,
          at: start,
          txHash: makeTxHash(net[chain], source),
        },
        makeAddress(net[chain], source),
      ),
    ),
  )
  const history = generateHistory({
    count: 2000,
    wallets: data.wallets,
    moveTargets: data.wallets,
    source,
    endMs: anchor - 2 * DAY_MS,
    spanMs: 363 * DAY_MS,
  })
  data.legs = keepSolvent([...funding, ...history], () => new Big(0), source)
  data.counterparties = demoCounterparties(net, source, anchor)
  data.withdrawals = demoWithdrawals(data, source, anchor)
  const sums = computeBalanceSums(data)
  for (const w of data.withdrawals) {
    if (w.status !== 'completed') continue
    const wallet = data.wallets.find((x) => x.id === w.wallet_id)!
    const native = wallet.balances.find((b) => b.asset === feeAsset(w.network) && b.network === w.network)
    const fee = NETWORK_FEE[feeAsset(w.network)] ?? null
    const payable =
      fee !== null && native !== undefined && currentBalance(sums, wallet, native).available.gte(fee) ? fee : null
    data.legs.push(
      payoutLeg(
        {
          id: uuidFrom(source),
          wallet,
          asset: w.asset,
          network: w.network,
          amount: w.amount,
          at: Date.parse(w.updated_at),
          txHash: w.tx_hash,
        },
        w.destination,
        payable,
      ),
    )
  }
  return data
}

function demoWallet(spec: (typeof WALLETS)[number], net: Record<Chain, string>, source: RandomSource): WalletRecord {
  const networks = [...new Set(spec.balances.map(([, chain]) => net[chain]))]
  return {
    id: spec.id,
    workspace_id: DEMO_WORKSPACE_ID,
    name: spec.name,
    deposit_addresses: networks.map((network) => ({ network, address: makeAddress(network, source) })),
    balances: spec.balances.map(([asset, chain]) => ({
      asset,
      network: net[chain],
      opening_amount: '0',
      opening_available: '0',
      decimals: ASSET_DECIMALS[asset] ?? 6,
      usd_price: USD_PRICE[asset] ?? 1,
    })),
    unreadable: false,
  }
}

function demoCounterparties(net: Record<Chain, string>, source: RandomSource, anchor: number): CounterpartyRecord[] {
  const entries: [Chain, string, Partial<CounterpartyRecord>, boolean][] = [
    [
      'eth',
      'Acme Supplies',
      {
        counterparty_type: 'company',
        company_name: 'Acme Supplies GmbH',
        wallet_type: 'vasp',
        vasp_name: 'Kraken',
        country: 'DE',
      },
      true,
    ],
    [
      'polygon',
      'Jane Doe',
      { counterparty_type: 'individual', first_name: 'Jane', last_name: 'Doe', wallet_type: 'unhosted', country: 'GB' },
      true,
    ],
    [
      'tron',
      'Northwind payroll',
      {
        counterparty_type: 'company',
        company_name: 'Northwind Ltd',
        wallet_type: 'vasp',
        vasp_name: 'Binance',
        country: 'US',
      },
      true,
    ],
    [
      'btc',
      'Cold storage partner',
      { counterparty_type: 'company', company_name: 'Vault Partners SA', wallet_type: 'unhosted', country: 'CH' },
      false,
    ],
    [
      'sol',
      'Luis Martin',
      {
        counterparty_type: 'individual',
        first_name: 'Luis',
        last_name: 'Martin',
        wallet_type: 'unhosted',
        country: 'ES',
      },
      false,
    ],
  ]
  return entries.map(([chain, label, fields, verified], i) => {
    const network = net[chain]
    const created = anchor - (40 - i * 7) * DAY_MS
    return {
      id: uuidFrom(source),
      label,
      network,
      network_name: findNetwork(network)!.name,
      address: makeAddress(network, source),
      direction: 'send',
      status: verified ? 'verified' : 'pending',
      can_send: verified,
      verified_at: verified ? new Date(created + DAY_MS).toISOString() : null,
      created_at: new Date(created).toISOString(),
      workspace_id: DEMO_WORKSPACE_ID,
      ...fields,
    } as CounterpartyRecord
  })
}

function demoWithdrawals(data: EnvironmentData, source: RandomSource, anchor: number): WithdrawalRecord[] {
  const verified = data.counterparties.filter((c) => c.can_send)
  const sums = computeBalanceSums(data)
  const available = (w: WalletRecord, b: WalletRecord['balances'][number]) => currentBalance(sums, w, b).available
  const plan: [WithdrawalRecord['status'], number, string][] = [
    ['completed', 20, '1200'],
    ['completed', 9, '0.75'],
    ['rejected', 6, '50000'],
    ['cancelled', 5, '300'],
    ['failed', 4, '2500'],
    ['expired', 3, '125'],
    ['processing', 1, '980'],
    ['approved', 0.5, '410'],
    ['pending_approval', 0.2, '1500'],
    ['pending_approval', 0.1, '75.5'],
  ]
  const spent = new Map<WalletRecord['balances'][number], Big>()
  return plan.flatMap(([status, daysAgo, amount], i) => {
    const destination = verified[i % verified.length]!
    // Pay from a balance that can cover the amount, so the seed never shows a negative balance.
    const fits = (w: WalletRecord) => (b: WalletRecord['balances'][number]) =>
      b.network === destination.network &&
      b.asset !== 'TRX' &&
      available(w, b)
        .minus(spent.get(b) ?? 0)
        .gte(amount)
    const wallet = data.wallets.find((w) => w.balances.some(fits(w)))
    const balance = wallet?.balances.find(fits(wallet))
    if (!wallet || !balance) return []
    const created = anchor - daysAgo * DAY_MS
    const settled = status === 'completed'
    // Holds and settled legs are derived later from these records; this only keeps the plan affordable.
    if (!['rejected', 'cancelled', 'failed', 'expired'].includes(status))
      spent.set(balance, (spent.get(balance) ?? new Big(0)).plus(amount))
    const body = {
      amount,
      asset: balance.asset,
      destination: destination.address,
      network: balance.network,
      wallet_id: wallet.id,
    }
    return [
      {
        id: uuidFrom(source),
        status,
        wallet_id: wallet.id,
        asset: balance.asset,
        amount,
        destination: destination.address,
        network: balance.network,
        tx_hash: settled ? makeTxHash(balance.network, source) : null,
        created_at: new Date(created).toISOString(),
        updated_at: new Date(created + (settled ? 3_600_000 : 600_000)).toISOString(),
        workspace_id: DEMO_WORKSPACE_ID,
        organisation_id: DEFAULT_ORGANISATION_ID,
        idempotency_key: `demo-payout-${i + 1}`,
        fingerprint: fingerprint(body),
        fee_priority: 'medium',
      },
    ]
  })
}
