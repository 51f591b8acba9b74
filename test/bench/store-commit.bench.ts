import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Outbox } from '../../electron/core/payouts/outbox'
import { DeskStore } from '../../electron/core/store'

const RECORDS = 300
const body = {
  wallet_id: 'w1',
  asset: 'USDC',
  amount: '12.50',
  destination: '0x52908400098527886E0F7030069857D2E4169EE7',
  network: 'ethereum-sepolia',
}

/**
 * How long recording a payout takes before its first attempt may leave: `Outbox.add` on a real
 * file store (WAL, synchronous=FULL, so each commit waits for the disk), median of 300.
 */
export default async function storeCommitBench(): Promise<Record<string, number>> {
  const dir = await mkdtemp(join(tmpdir(), 'store-commit-'))
  const store = DeskStore.open(dir, 'test')
  try {
    const outbox = Outbox.open(store)
    const ms: number[] = []
    for (let i = 0; i < RECORDS; i++) {
      const t0 = performance.now()
      await outbox.add(body, 'bench')
      ms.push(performance.now() - t0)
    }
    ms.sort((a, b) => a - b)
    return {
      store_outbox_commit_p50_ms: ms[Math.floor(ms.length / 2)]!,
      store_outbox_commit_p95_ms: ms[Math.floor(ms.length * 0.95)]!,
    }
  } finally {
    store.close()
    await rm(dir, { recursive: true, force: true })
  }
}
