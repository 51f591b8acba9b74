import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { TransactionLeg, Withdrawal } from '../../../shared/api/resources'
import { firstPayoutsAmong, firstPayoutTo, isFirstPayout } from '../../../electron/core/payouts/first-payout'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { DeskStore, ledgerRepo } from '../../../electron/core/store'
import { sampleLeg } from '../../harness/sample-leg'

const CHECKSUMMED = '0x52908400098527886E0F7030069857D2E4169EE7'
const LOWER = CHECKSUMMED.toLowerCase()
const SEPOLIA = 'ethereum-sepolia'
const AMOY = 'polygon-amoy'
const TRON = 'tron-nile'
const TRON_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'

const withdrawal = (id: string, status: Withdrawal['status'], destination = LOWER, network = SEPOLIA): Withdrawal => ({
  id,
  status,
  wallet_id: 'w1',
  asset: 'ETH',
  amount: '0.1',
  destination,
  network,
  tx_hash: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:10:00.000Z',
})

describe('first payout to a destination: decided from the outbox and the ledger', () => {
  let dir: string
  let store: DeskStore
  let outbox: Outbox
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'first-payout-'))
    store = DeskStore.open(dir, 'test')
    outbox = Outbox.open(store)
  })
  afterEach(async () => {
    store.close()
    await rm(dir, { recursive: true, force: true })
  })

  let n = 0
  const paid = async (w: Withdrawal) => {
    const key = `k${++n}`
    await outbox.add(
      { wallet_id: 'w1', asset: 'ETH', amount: w.amount, destination: w.destination, network: w.network },
      'app',
      new Date(),
      key,
    )
    await outbox.mark(key, 'accepted', { withdrawalId: w.id })
    store.transaction('keep', () => store.withdrawals.put(w))
  }
  const legs = (...rows: TransactionLeg[]) => {
    const ledger = store.repo(ledgerRepo)
    ledger.bind('test-scope')
    const now = Date.parse('2026-11-02T00:00:00.000Z')
    const walk = {
      after: null,
      before: null,
      cursor: null,
      newest: null,
      oldest: null,
      pages: 1,
      rows: rows.length,
      startedAt: now,
    }
    store.transaction('a sync step', () => ledger.commitPage(rows, walk, true, now, now))
  }
  const outLeg = (i: number, to: string, over: Partial<TransactionLeg> = {}) =>
    sampleLeg(i, {
      direction: 'out',
      from: { name: 'Treasury', address: '0xdef' },
      to: { name: null, address: to },
      ...over,
    })

  it('is a first payout with nothing recorded, and no longer once a payout to it completed in the outbox', async () => {
    expect(isFirstPayout(store, SEPOLIA, CHECKSUMMED)).toBe(true)
    await paid(withdrawal('00000000-0000-4000-8000-000000000001', 'pending_approval'))
    expect(isFirstPayout(store, SEPOLIA, CHECKSUMMED)).toBe(true)
    store.transaction('keep', () =>
      store.withdrawals.put(withdrawal('00000000-0000-4000-8000-000000000001', 'completed')),
    )
    // Recorded lower-case, asked checksummed: one EVM address.
    expect(isFirstPayout(store, SEPOLIA, CHECKSUMMED)).toBe(false)
    expect(isFirstPayout(store, SEPOLIA, LOWER)).toBe(false)
  })

  it('a payout that failed, was rejected or never reached the provider does not count', async () => {
    await paid(withdrawal('00000000-0000-4000-8000-000000000002', 'rejected'))
    await paid(withdrawal('00000000-0000-4000-8000-000000000003', 'failed'))
    await outbox.add(
      { wallet_id: 'w1', asset: 'ETH', amount: '1', destination: LOWER, network: SEPOLIA },
      'app',
      new Date(),
      'refused',
    )
    await outbox.mark('refused', 'refused', { error: { code: 'validation_failed', message: 'x' } })
    expect(isFirstPayout(store, SEPOLIA, CHECKSUMMED)).toBe(true)
  })

  it('a completed payout on another network to the same address does not count', async () => {
    await paid(withdrawal('00000000-0000-4000-8000-000000000004', 'completed', LOWER, AMOY))
    legs(outLeg(1, CHECKSUMMED, { network: AMOY }))
    expect(isFirstPayout(store, SEPOLIA, CHECKSUMMED)).toBe(true)
    expect(isFirstPayout(store, AMOY, CHECKSUMMED)).toBe(false)
  })

  it('the ledger: a completed outgoing leg to the address counts (in any letter case on EVM); an incoming one or an unfinished one does not', () => {
    legs(
      sampleLeg(1, { from: { name: null, address: LOWER } }),
      outLeg(2, LOWER, { status: 'broadcasting' }),
      outLeg(3, LOWER, { status: 'failed' }),
    )
    expect(isFirstPayout(store, SEPOLIA, CHECKSUMMED)).toBe(true)
    legs(outLeg(4, CHECKSUMMED.toUpperCase().replace('0X', '0x')))
    expect(isFirstPayout(store, SEPOLIA, LOWER)).toBe(false)
  })

  it('base58 addresses are compared exactly: another letter case is another address', () => {
    legs(outLeg(1, TRON_ADDRESS, { network: TRON, asset: 'TRX' }))
    expect(isFirstPayout(store, TRON, TRON_ADDRESS)).toBe(false)
    expect(isFirstPayout(store, TRON, TRON_ADDRESS.toLowerCase())).toBe(true)
  })

  it("asks the provider about the outbox's unfinished payouts to the address first, and counts one that completed since", async () => {
    const id = '00000000-0000-4000-8000-000000000005'
    await paid(withdrawal(id, 'processing'))
    const asked: string[] = []
    const client = {
      getWithdrawal: async (wid: string) => {
        asked.push(wid)
        return { withdrawal: withdrawal(wid, 'completed'), stale: false }
      },
    }
    expect(await firstPayoutTo(store, client, SEPOLIA, CHECKSUMMED)).toBe(false)
    expect(asked).toEqual([id])
    // Final now: not asked again.
    expect(await firstPayoutTo(store, client, SEPOLIA, CHECKSUMMED)).toBe(false)
    expect(asked).toEqual([id])
  })

  it('many destinations at once (a batch) follow the same rule', async () => {
    await paid(withdrawal('00000000-0000-4000-8000-000000000007', 'completed'))
    legs(outLeg(1, TRON_ADDRESS, { network: TRON, asset: 'TRX' }))
    const asked = [
      { network: SEPOLIA, address: CHECKSUMMED },
      { network: AMOY, address: CHECKSUMMED },
      { network: TRON, address: TRON_ADDRESS },
      { network: TRON, address: TRON_ADDRESS.toLowerCase() },
    ]
    expect(firstPayoutsAmong(store, asked)).toEqual([false, true, false, true])
  })

  it('a provider that cannot be asked leaves the payout unfinished: still a first payout', async () => {
    await paid(withdrawal('00000000-0000-4000-8000-000000000006', 'approved'))
    const client = { getWithdrawal: () => Promise.reject(new Error('offline')) }
    expect(await firstPayoutTo(store, client, SEPOLIA, CHECKSUMMED)).toBe(true)
  })
})
