/**
 * `policy_backtest_ms`: one `policy backtest` of 30 days over 10,000 recorded agent requests (ETH and USDC to 200
 * destinations, allowed, held and refused), under a policy with every rule that reads earlier requests (USD per day
 * and per 7 days, counts per hour and day, new destinations, hours), read from the store as the CLI does. Bound 1 s.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { backtestPolicy } from '../../electron/core/policy/use-cases'
import { DeskStore } from '../../electron/core/store'
import { NO_RULES, type Policy } from '../../shared/policy/policy-schema'
import { seedAgentRequests, type SeedRequest } from '../harness/agent-requests-seed'

const REQUESTS = 10_000
const DAY = 86_400_000
const RUNS = 5

const address = (i: number) => `0x${(i + 1).toString(16).padStart(40, '0')}`

export default async function policyBacktestBench(): Promise<Record<string, number>> {
  const dir = await mkdtemp(join(tmpdir(), 'policy-backtest-bench-'))
  const store = DeskStore.open(dir, 'test')
  try {
    const now = Date.now()
    const step = (30 * DAY) / REQUESTS
    const requests: SeedRequest[] = Array.from({ length: REQUESTS }, (_, i) => {
      const kind = i % 5
      const usdc = i % 2 === 0
      return {
        key: `bench-${i}`,
        at: new Date(now - 30 * DAY + 5000 + i * step),
        asset: usdc ? 'USDC' : 'ETH',
        amount: usdc ? String(10 + (i % 90)) : `0.0${1 + (i % 9)}`,
        network: usdc ? 'polygon-amoy' : 'ethereum-sepolia',
        address: address(i % 200),
        path: kind === 3 ? 'policy.held' : kind === 4 ? 'policy.denied' : 'policy.allowed',
        rule: kind === 3 ? 'hold_all' : kind === 4 ? 'max_per_day' : null,
        state: kind === 3 ? 'held' : kind === 4 ? null : 'accepted',
      }
    })
    const prices = Array.from({ length: 40 }, (_, d) => new Date(now - d * DAY).toISOString().slice(0, 10)).flatMap(
      (date) => [
        { date, asset: 'ETH', price: '3000' },
        { date, asset: 'USDC', price: '1' },
      ],
    )
    seedAgentRequests(store, requests, prices)
    const policy: Policy = {
      ...NO_RULES,
      maxUsdPerPayout: '250',
      maxUsdPerDay: '20000',
      maxUsdPer7Days: '100000',
      maxPayoutsPerHour: 20,
      maxPayoutsPerDay: 300,
      maxNewDestinationPayoutsPerDay: 50,
      hours: {
        timeZone: 'Europe/Berlin',
        windows: [{ days: [1, 2, 3, 4, 5], from: '08:00', to: '20:00' }],
        outside: 'hold',
      },
    }
    const file = JSON.stringify({ kind: 'set', policy })
    const times: number[] = []
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now()
      const report = backtestPolicy(store, file, 30, new Date(now + 1000))
      times.push(performance.now() - started)
      if (report.requests !== REQUESTS) throw new Error(`the backtest replayed ${report.requests} requests`)
    }
    return { policy_backtest_ms: times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]! }
  } finally {
    store.close()
    await rm(dir, { recursive: true, force: true })
  }
}
