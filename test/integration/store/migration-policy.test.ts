import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  DeskStore,
  MIGRATIONS,
  openDatabase,
  SCHEMA_VERSION,
  schemaVersion,
  STORE_FILE,
} from '../../../electron/core/store'
import { policyRepo } from '../../../electron/core/store/policy/policy-repo'

const body = {
  wallet_id: 'w1',
  asset: 'ETH',
  amount: '0.5',
  destination: '0x52908400098527886E0F7030069857D2E4169EE7',
  network: 'ethereum-sepolia',
}

describe('migration 2: the agent policy and its request log', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'migrate-'))
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('a version 1 database with payouts in it moves to version 2 and keeps them; the policy starts unset', async () => {
    const v1 = openDatabase(
      join(dir, STORE_FILE),
      MIGRATIONS.filter((m) => m.version === 1),
    )
    expect(schemaVersion(v1)).toBe(1)
    // A held agent payout as a version 1 app wrote it.
    const at = new Date().toISOString()
    v1.prepare(
      "INSERT INTO outbox (key, seq, body, created_at, requested_by, state, updated_at) VALUES ('k-old', 1, ?, ?, 'ai-agent (connector)', 'held', ?)",
    ).run(JSON.stringify(body), at, at)
    v1.close()

    // This step alone: version 2 with its tables, the old row untouched.
    const v2 = openDatabase(
      join(dir, STORE_FILE),
      MIGRATIONS.filter((m) => m.version <= 2),
    )
    expect(schemaVersion(v2)).toBe(2)
    expect(v2.prepare('SELECT COUNT(*) AS n FROM policy').get()).toEqual({ n: 0 })
    expect(v2.prepare('SELECT COUNT(*) AS n FROM agent_requests').get()).toEqual({ n: 0 })
    v2.close()

    const after = DeskStore.open(dir, 'test')
    try {
      const db = openDatabase(join(dir, STORE_FILE))
      expect(schemaVersion(db)).toBe(SCHEMA_VERSION)
      db.close()
      expect(after.outbox.get('k-old')).toMatchObject({ state: 'held', body })
      const repo = after.repo(policyRepo)
      expect(repo.read()).toEqual({ kind: 'none' })
      // The held payout of before the upgrade counts against a daily cap at once.
      expect(repo.amountsSince('ai-agent (connector)', 'ETH', '2000-01-01T00:00:00.000Z')).toEqual(['0.5'])
      expect(repo.requestsSince('2000-01-01T00:00:00.000Z')).toBe(0)
      expect(after.audit.verify()).toMatchObject({ ok: true })
    } finally {
      after.close()
    }
  })
})
