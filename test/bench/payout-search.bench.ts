/**
 * `payout_search_p95_ms`: p95 of one search from the Payouts box over a store holding 100,000 payouts (outbox
 * entries, half of them merged with the provider's cached answer, one in ten with a note), by a mix of texts: an id
 * or a key that matches one payout, a name or an asset that matches thousands, text that matches none, with and
 * without a range of days.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Withdrawal } from '../../shared/api/resources'
import { searchPayouts, setPayoutNote } from '../../electron/core/payouts/payout-notes'
import { DeskStore, knownAddresses } from '../../electron/core/store'

const PAYOUTS = 100_000
const SEARCHES = 300
const NAMES = ['Acme Supplies', 'Globex Logistics', 'Initech Payroll', 'Umbrella Treasury', 'Stark Components']
const DAY = 86_400_000
const START = Date.parse('2026-01-01T00:00:00Z')

export default async function payoutSearchBench(): Promise<Record<string, number>> {
  const dir = await mkdtemp(join(tmpdir(), 'payout-search-bench-'))
  const store = DeskStore.open(dir, 'test')
  try {
    const addresses = NAMES.map(() => `0x${randomBytes(20).toString('hex')}`)
    store.transaction('names', () =>
      store.repo(knownAddresses).note(
        NAMES.map((label, i) => ({
          network: 'polygon-amoy',
          address: addresses[i]!,
          source: 'destination',
          label,
          seenAt: '2026-01-01T00:00:00Z',
        })),
      ),
    )
    const keys: string[] = []
    const ids: string[] = []
    for (let done = 0; done < PAYOUTS; done += 10_000) {
      store.transaction('fill', () => {
        const cached: Withdrawal[] = []
        for (let i = done; i < done + 10_000; i++) {
          const key = randomUUID()
          const at = new Date(START + Math.floor((i / PAYOUTS) * 300 * DAY)).toISOString()
          const body = {
            wallet_id: 'w1',
            asset: i % 3 ? 'USDC' : 'POL',
            amount: `${(i % 997) + 1}.${i % 100}`,
            destination: addresses[i % NAMES.length]!,
            network: 'polygon-amoy',
          }
          store.outbox.insert(
            {
              idempotencyKey: key,
              body,
              createdAt: at,
              requestedBy: i % 4 ? 'app (alice)' : 'agent',
              state: 'queued',
              reference: `INV-${i}`,
            },
            'bench',
          )
          keys.push(key)
          if (i % 2 === 0) {
            const id = randomUUID()
            ids.push(id)
            store.outbox.transition(key, () => ({ state: 'accepted', withdrawalId: id, error: null }), 'bench', at)
            cached.push({
              id,
              status: 'completed',
              wallet_id: 'w1',
              asset: body.asset,
              amount: body.amount,
              destination: body.destination,
              network: 'polygon-amoy',
              tx_hash: `0x${randomBytes(32).toString('hex')}`,
              created_at: at,
              updated_at: at,
            })
          }
        }
        store.withdrawals.putMany(cached)
      })
    }
    store.transaction('notes', () => {
      for (let i = 0; i < PAYOUTS; i += 10) setPayoutNote(store, keys[i]!, `Checked by finance, batch ${i}`, 'bench')
    })
    const texts = (i: number): string[] => [
      ids[(i * 7919) % ids.length]!,
      keys[(i * 104_729) % keys.length]!,
      NAMES[i % NAMES.length]!,
      'usdc',
      `inv-${(i * 31) % PAYOUTS}`,
      'no such payout %_',
      'finance, batch 5',
      '12.3',
    ]
    const times: number[] = []
    let found = 0
    for (let i = 0; i < SEARCHES; i++) {
      const all = texts(i)
      const text = all[i % all.length]!
      const ranged = i % 3 === 0 ? { from: '2026-03-01', to: '2026-06-30' } : {}
      const started = performance.now()
      found += searchPayouts(store, { text, ...ranged }).length
      times.push(performance.now() - started)
    }
    if (found === 0) throw new Error('the searches found nothing')
    times.sort((a, b) => a - b)
    return { payout_search_p95_ms: Math.round(times[Math.floor(times.length * 0.95)]! * 10) / 10 }
  } finally {
    store.close()
    await rm(dir, { recursive: true, force: true })
  }
}
