import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { runLineKey } from '../../../electron/core/pay-runs/run-keys'
import { MIGRATIONS, openDatabase, PayRunRepo } from '../../../electron/core/store'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'run-line-ids-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

/** The key a desk before line identities derived: from the payee's text. */
const oldKey = (runId: string, period: string, payee: string) =>
  `run-${createHash('sha256').update(`${runId}\n${period}\n${payee.trim().toLowerCase()}`).digest('hex')}`

const oldLine = (line: number, payee: string) => ({
  line,
  payee,
  destination: `${payee} GmbH`,
  amount: '1',
  asset: 'USDC',
  network: null,
  wallet: null,
  feePriority: null,
  reference: payee,
  invoiceNumber: null,
  invoiceDate: null,
  dueDate: null,
})

it('a stored run gets line ids, and the keys of a period it sent before stay its keys', () => {
  const file = join(dir, 'desk.db')
  const old = openDatabase(
    file,
    MIGRATIONS.filter((m) => m.version <= 24),
  )
  old
    .prepare('INSERT INTO pay_runs VALUES (?, ?, ?, ?, ?, ?)')
    .run(
      'run-1',
      'Weekly',
      'DTSTART:20261106T000000Z\nRRULE:FREQ=WEEKLY',
      JSON.stringify([oldLine(2, 'Alice'), oldLine(3, ' Bob ')]),
      '2026-11-01T00:00:00.000Z',
      '2026-11-01T00:00:00.000Z',
    )
  const sent = ['Alice', ' Bob '].map((payee) => ({
    payee,
    key: oldKey('run-1', '2026-11-06', payee),
    destination: '0xabc',
    network: 'ethereum-sepolia',
    asset: 'USDC',
    amount: '1',
    walletId: 'w1',
  }))
  old
    .prepare('INSERT INTO pay_run_periods VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run('run-1', '2026-11-06', 'sent', 'batch-1', JSON.stringify(sent), '2026-11-06T10:00:00.000Z', 'cli:me')
  old.close()

  const db = openDatabase(file)
  const repo = new PayRunRepo(db)
  const run = repo.byId('run-1')!
  expect(run.lines.map((l) => l.id)).toEqual(['alice', 'bob'])
  for (const l of run.lines) expect(runLineKey(run.id, '2026-11-06', l.id)).toBe(oldKey('run-1', '2026-11-06', l.payee))
  const [period] = repo.periods('run-1')
  expect(period!.lines.map((s) => [s.lineId, s.key])).toEqual(sent.map((s, i) => [run.lines[i]!.id, s.key]))
  expect(period!.origin).toBe('here')
  db.close()
})
