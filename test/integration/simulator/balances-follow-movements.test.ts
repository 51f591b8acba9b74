import Big from 'big.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAddress } from '../../../electron/simulator/chain-formats'
import { osRandom } from '../../../electron/simulator/random-source'
import { companyDestination, startFixture, type Fixture } from './sim-fixture'

let f: Fixture
beforeAll(async () => {
  f = await startFixture()
})
afterAll(() => f.sim.close())

const SEPOLIA = 'ethereum-sepolia'
const zero = (asset: string, decimals: number) => ({ asset, network: SEPOLIA, amount: '0', available: '0', decimals })

async function balance(walletId: string, asset: string): Promise<{ amount: string; available: string }> {
  const res = await f.api('GET', `/api/v1/wallets/${walletId}`)
  expect(res.status).toBe(200)
  return res.body.data.balances.find(
    (b: { asset: string; network: string }) => b.asset === asset && b.network === SEPOLIA,
  )
}

/** Opening balance plus every completed leg of the wallet, fees in their asset, read back from the API. */
async function sumOfMovements(walletId: string, asset: string, opening: string): Promise<string> {
  let total = new Big(opening)
  let cursor: string | null = null
  do {
    const page = await f.api(
      'GET',
      `/api/v1/transactions?wallet_id=${walletId}&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
    )
    for (const leg of page.body.data) {
      if (leg.status !== 'completed' || leg.network !== SEPOLIA) continue
      if (leg.asset === asset) total = leg.direction === 'in' ? total.plus(leg.amount) : total.minus(leg.amount)
      if (leg.direction === 'out' && leg.fee !== null && leg.fee_asset === asset) total = total.minus(leg.fee)
    }
    cursor = page.body.meta.next_cursor
  } while (cursor)
  return total.toString()
}

describe('simulator balances follow the recorded movements', () => {
  it('a wallet opened at 0 USDC reads what twelve incoming and three outgoing movements add up to', async () => {
    const w = await f.console.createWallet(f.workspaceId, 'Zero start', [zero('USDC', 6), zero('ETH', 18)])
    for (let i = 1; i <= 12; i++)
      await f.console.addTransactions({
        wallet_id: w.id,
        direction: 'in',
        asset: 'USDC',
        network: SEPOLIA,
        amount: `${i * 100}.5`,
      })
    await f.console.addTransactions({ wallet_id: w.id, direction: 'in', asset: 'ETH', network: SEPOLIA, amount: '1' })
    for (const amount of ['250', '1000.25', '3'])
      await f.console.addTransactions({
        wallet_id: w.id,
        direction: 'out',
        asset: 'USDC',
        network: SEPOLIA,
        amount,
        fee: '0.001',
      })
    expect(await balance(w.id, 'USDC')).toEqual(expect.objectContaining({ amount: '6552.75', available: '6552.75' }))
    expect((await balance(w.id, 'ETH')).amount).toBe('0.997')
    expect((await balance(w.id, 'USDC')).amount).toBe(await sumOfMovements(w.id, 'USDC', '0'))
  })

  it('a completed payout and its fee leave the balance; a waiting payout holds only available', async () => {
    const w = await f.console.createWallet(f.workspaceId, 'Payer', [
      { asset: 'ETH', network: SEPOLIA, amount: '2', available: '2', decimals: 18 },
    ])
    const address = makeAddress(SEPOLIA, osRandom)
    const dest = await f.api('POST', '/api/v1/counterparties', companyDestination(SEPOLIA, address))
    await f.console.verify(dest.body.data.id)
    const pay = async (key: string, amount: string) =>
      (await f.api('POST', '/api/v1/withdrawals', { wallet_id: w.id, asset: 'ETH', amount, destination: address }, key))
        .body.data.id as string
    const done = await pay('bal-1', '0.5')
    for (const action of ['approve', 'process', 'complete'] as const) await f.console.withdrawalAction(done, action)
    await pay('bal-2', '0.25')
    const now = await balance(w.id, 'ETH')
    expect(now.amount).toBe(await sumOfMovements(w.id, 'ETH', '2'))
    expect(new Big(now.amount).lt('1.5')).toBe(true)
    expect(new Big(now.amount).minus(now.available).toString()).toBe('0.25')
  })

  it('a movement not final holds what it sends and counts once it completes', async () => {
    const w = await f.console.createWallet(f.workspaceId, 'Pending', [zero('ETH', 18)])
    await f.console.addTransactions({ wallet_id: w.id, direction: 'in', asset: 'ETH', network: SEPOLIA, amount: '3' })
    const [out] = await f.console.addTransactions({
      wallet_id: w.id,
      direction: 'out',
      asset: 'ETH',
      network: SEPOLIA,
      amount: '1',
      status: 'broadcasting',
    })
    expect(await balance(w.id, 'ETH')).toEqual(expect.objectContaining({ amount: '3', available: '2' }))
    await f.console.legStatus(out.id, 'completed')
    expect(await balance(w.id, 'ETH')).toEqual(expect.objectContaining({ amount: '2', available: '2' }))
  })

  it('generated movements never take a balance below zero and still add up', async () => {
    const w = await f.console.createWallet(f.workspaceId, 'Generated', [zero('USDC', 6), zero('ETH', 18)])
    await f.console.addTransactions({ wallet_id: w.id, generate: 300 })
    for (const asset of ['USDC', 'ETH']) {
      const now = await balance(w.id, asset)
      expect(new Big(now.amount).gte(0)).toBe(true)
      expect(now.amount).toBe(await sumOfMovements(w.id, asset, '0'))
    }
  })

  it('refuses an outgoing movement larger than the balance, naming it', async () => {
    const w = await f.console.createWallet(f.workspaceId, 'Small', [zero('USDC', 6)])
    const res = await f.console.call('POST', 'transactions', {
      wallet_id: w.id,
      direction: 'out',
      asset: 'USDC',
      network: SEPOLIA,
      amount: '1',
    })
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ error: { code: 'insufficient_balance' } })
  })

  it('the skew switch makes one balance disagree on purpose, and "0" clears it', async () => {
    const w = await f.console.createWallet(f.workspaceId, 'Skewed', [zero('USDC', 6), zero('ETH', 18)])
    await f.console.addTransactions({ wallet_id: w.id, direction: 'in', asset: 'USDC', network: SEPOLIA, amount: '10' })
    await f.console.skew(w.id, 'USDC', SEPOLIA, '-2.5')
    expect((await balance(w.id, 'USDC')).amount).toBe('7.5')
    expect((await balance(w.id, 'ETH')).amount).toBe('0')
    expect(
      (await f.console.call('POST', `wallets/${w.id}/skew`, { asset: 'USDC', network: SEPOLIA, skew: '-11' })).status,
    ).toBe(409)
    await f.console.skew(w.id, 'USDC', SEPOLIA, '0')
    expect((await balance(w.id, 'USDC')).amount).toBe('10')
  })
})
