import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BatchCheck } from '../../../electron/core/batch/batch-check'
import { submitBatch } from '../../../electron/core/batch/batch-submit'
import { Outbox } from '../../../electron/core/payouts/outbox'
import {
  batchRepo,
  DeskStore,
  MIGRATIONS,
  openDatabase,
  SCHEMA_VERSION,
  schemaVersion,
  STORE_FILE,
} from '../../../electron/core/store'

const body = {
  wallet_id: 'w1',
  asset: 'USDC',
  amount: '12.5',
  destination: '0x52908400098527886E0F7030069857D2E4169EE7',
  network: 'ethereum-sepolia',
}
const checked = (lines: number[], extra: Partial<BatchCheck> = {}): BatchCheck => ({
  rows: lines.map((line, i) => ({
    line,
    body: { ...body, amount: `${i + 1}` },
    reference: `ref-${line}`,
    destinationName: 'Alice',
    walletName: 'Main',
  })),
  problems: [],
  totals: [],
  grandTotal: String(lines.reduce((a, _, i) => a + i + 1, 0)),
  lineCount: lines.length,
  ...extra,
})
const options = {
  source: 'pay.csv',
  requestedBy: 'alice',
  confirmDuplicates: false,
  retypedTotal: null,
  production: false,
}

describe('batch records in the profile store', () => {
  let dir: string
  const open: DeskStore[] = []
  const store = () => {
    const s = DeskStore.open(dir, 'test')
    open.push(s)
    return s
  }
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'batch-store-'))
  })
  afterEach(async () => {
    for (const s of open.splice(0)) s.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('migration 3 adds the batch tables to a version 1 database and keeps its outbox', async () => {
    const old = openDatabase(
      join(dir, STORE_FILE),
      MIGRATIONS.filter((m) => m.version === 1),
    )
    expect(schemaVersion(old)).toBe(1)
    old.close()
    const s = store()
    await Outbox.open(s).add(body, 'alice')
    const batch = await submitBatch(s, Outbox.open(s), checked([2]), options)
    const db = openDatabase(join(dir, STORE_FILE))
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION)
    expect((db.prepare('SELECT COUNT(*) AS n FROM outbox').get() as { n: number }).n).toBe(2)
    expect(db.prepare('SELECT line, destination_name FROM batch_rows WHERE batch_id = ?').all(batch.id)).toEqual([
      { line: 2, destination_name: 'Alice' },
    ])
    db.close()
  })

  it('records every row queued under its own new key, with the header and file lines, in one transaction', async () => {
    const s = store()
    const outbox = Outbox.open(s)
    const batch = await submitBatch(s, outbox, checked([2, 3, 7]), options)
    expect(batch).toMatchObject({
      source: 'pay.csv',
      state: 'running',
      rowCount: 3,
      grandTotal: '6',
      requestedBy: 'alice',
    })
    const entries = outbox.ofBatch(batch.id)
    expect(entries.map((e) => [e.state, e.body.amount, e.reference])).toEqual([
      ['queued', '1', 'ref-2'],
      ['queued', '2', 'ref-3'],
      ['queued', '3', 'ref-7'],
    ])
    expect(new Set(entries.map((e) => e.idempotencyKey)).size).toBe(3)
    const lines = s.repo(batchRepo).lines(batch.id)
    expect(entries.map((e) => lines.get(e.idempotencyKey)?.line)).toEqual([2, 3, 7])
    expect(s.repo(batchRepo).stateCounts(batch.id)).toEqual({ queued: 3 })
  })

  it('a failure while writing the header leaves no outbox entry behind', async () => {
    const s = store()
    const outbox = Outbox.open(s)
    await expect(
      outbox.addMany([{ body }, { body }], 'alice', new Date(), () => {
        throw new Error('disk gone')
      }),
    ).rejects.toThrow(/disk gone/)
    expect(outbox.list()).toEqual([])
  })

  it('records nothing from a file with a problem, unconfirmed duplicates, or a production total not retyped', async () => {
    const s = store()
    const outbox = Outbox.open(s)
    const problem = { line: 4, column: 'amount' as const, message: 'Line 4, amount: bad', severity: 'error' as const }
    await expect(submitBatch(s, outbox, checked([2], { problems: [problem] }), options)).rejects.toThrow(
      /1 problems; nothing was recorded/,
    )
    const duplicate = { ...problem, severity: 'confirm' as const }
    await expect(submitBatch(s, outbox, checked([2, 3], { problems: [duplicate] }), options)).rejects.toMatchObject({
      code: 'confirmation_required',
    })
    await expect(
      submitBatch(s, outbox, checked([2, 3]), { ...options, production: true, retypedTotal: '4' }),
    ).rejects.toMatchObject({ code: 'confirmation_required' })
    expect(outbox.list()).toEqual([])
    expect(s.repo(batchRepo).list()).toEqual([])
    await submitBatch(s, outbox, checked([2, 3]), { ...options, production: true, retypedTotal: ' 3.00 ' })
    await submitBatch(s, outbox, checked([2, 3], { problems: [duplicate] }), { ...options, confirmDuplicates: true })
    expect(s.repo(batchRepo).list()).toHaveLength(2)
  })
})
