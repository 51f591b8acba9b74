import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeskStore, LedgerRepo } from '../../../electron/core/store'
import type { TransactionLeg } from '../../../shared/api/resources'
import { loadedLedger } from '../../harness/ledger-fixture'
import { sampleLeg } from '../../harness/sample-leg'

const T0 = Date.parse('2026-01-01T00:00:00.000Z')

/** 4,500 legs, three to a millisecond, so batch and page boundaries fall between legs of one instant. */
function legs(): TransactionLeg[] {
  return Array.from({ length: 4_500 }, (_, i) =>
    sampleLeg(i, {
      created_at: new Date(T0 + Math.floor(i / 3)).toISOString(),
      from: { name: null, address: `0xfrom${i % 7}` },
      to: { name: 'Treasury', address: '0xtreasury' },
      amount: `${i}.5`,
      asset: 'USDC',
    }),
  )
}

describe('ledger reads in batches and pages', () => {
  let dir: string
  let store: DeskStore
  let ledger: LedgerRepo
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ledger-batches-'))
    ;({ store, ledger } = loadedLedger(dir, legs()))
  })
  afterAll(async () => {
    store.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('rows and tallies past several batches: every leg of (from, to] once, oldest first', () => {
    const from = new Date(T0 + 100).toISOString()
    const to = new Date(T0 + 1_400).toISOString()
    const expected = legs()
      .filter((l) => l.created_at > from && l.created_at <= to)
      .map((l) => l.id)
    expect(expected.length).toBeGreaterThan(2_000)
    expect([...ledger.rows({ from, to })].map((r) => r.id)).toEqual(expected)
    expect([...ledger.tallies({ from, to })].map((r) => r.id)).toEqual(expected)
  })

  it('pages newest first follow each other without a gap or a repeat, across ties', () => {
    const ids: string[] = []
    let after
    do {
      const page = ledger.page({}, after, 7)
      ids.push(...page.rows.map((r) => r.id))
      after = page.next ?? undefined
    } while (after)
    expect(ids).toHaveLength(4_500)
    expect(new Set(ids).size).toBe(4_500)
  })
})
