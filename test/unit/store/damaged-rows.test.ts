import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  alteredWithdrawals,
  DeskStore,
  ledgerRepo,
  legNotesRepo,
  notifyRepo,
  priceTableRepo,
  screeningRepo,
  STORE_FILE,
} from '../../../electron/core/store'
import { policyRepo } from '../../../electron/core/store/policy/policy-repo'
import { decisionEntry } from '../../../electron/core/audit/use-cases'

const damaged = (table: string, column: string) =>
  expect.objectContaining({
    code: 'record_corrupt',
    message: expect.stringContaining(`${table} table is damaged (${column}: `),
  })

/**
 * A row another program changed (a text where an integer belongs, bytes where a text belongs) is read through its
 * schema: the read stops with `record_corrupt` naming the table and column, never hands on a wrong value.
 */
describe('damaged rows read through their schema', () => {
  let dir: string
  let store: DeskStore
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'damaged-rows-'))
    store = DeskStore.open(dir, 'test')
  })
  afterEach(async () => {
    store.close()
    await rm(dir, { recursive: true, force: true })
  })

  const damage = (sql: string) => {
    const db = new DatabaseSync(join(dir, STORE_FILE))
    db.exec(sql)
    db.close()
  }

  it("the agent's stop switch whose audit entry lost its time stops the read, never answers a stop without a time", () => {
    const policy = store.repo(policyRepo)
    const stop = decisionEntry(new Date('2026-01-01T00:00:00Z'), 'agent.stopped', 'app', null, { reason: 'audit' })
    store.transaction('stop', () => store.audit.append(stop))
    expect(store.read('read', () => policy.stopped())).toEqual({ at: '2026-01-01T00:00:00.000Z', reason: 'audit' })
    damage("UPDATE audit SET entry = json_set(entry, '$.at', 5) WHERE json_extract(entry, '$.path') = 'agent.stopped'")
    expect(() => store.read('read', () => policy.stopped())).toThrow(
      expect.objectContaining({ code: 'record_corrupt', message: expect.stringContaining('at: ') }),
    )
  })

  it('a screening list whose address count is text', () => {
    const screening = store.repo(screeningRepo)
    store.transaction('import a list', () =>
      screening.replace({ name: 'OFAC', source: 'sdn.csv', published: null, importedAt: '2026-01-01T00:00:00Z' }, [
        { key: '0xabc', address: '0xabc', currency: 'ETH', entry: 'Someone' },
      ]),
    )
    expect(store.read('read', () => screening.lists())).toEqual([expect.objectContaining({ addresses: 1 })])
    damage("UPDATE screening_lists SET addresses = 'many'")
    expect(() => store.read('read', () => screening.lists())).toThrow(damaged('screening_lists', 'addresses'))
  })

  it('an alteration alarm whose detection time is bytes still stops the read (and so every send)', () => {
    const altered = store.repo(alteredWithdrawals)
    const differences = [{ field: 'amount' as const, asked: '1', recorded: '2' }]
    store.transaction('note', () => altered.note('w-1', 'key-1', differences, '2026-01-01T00:00:00Z'))
    expect(store.read('read', () => altered.open())).toHaveLength(1)
    damage("UPDATE altered_withdrawals SET detected_at = x'00ff'")
    expect(() => store.read('read', () => altered.open())).toThrow(damaged('altered_withdrawals', 'detected_at'))
    expect(() => store.read('read', () => altered.find('w-1'))).toThrow(damaged('altered_withdrawals', 'detected_at'))
  })

  it('a price that is bytes, not the decimal text it was written as', () => {
    const prices = store.repo(priceTableRepo)
    const rate = { date: '2026-01-02', asset: 'ETH', fiat: 'USD', price: '2000.5' }
    store.transaction('import', () => prices.apply({ set: [rate], removed: [], waiting: [] }, null, 'p.csv', 'now'))
    expect(store.read('read', () => prices.price('2026-01-02', 'ETH', 'USD'))).toBe('2000.5')
    damage("UPDATE price_table SET price = x'32303030'")
    expect(() => store.read('read', () => prices.price('2026-01-02', 'ETH', 'USD'))).toThrow(
      damaged('price_table', 'price'),
    )
  })

  it('a message waiting for a channel whose attempt count is text: never claimed with a wrong count', () => {
    const notify = store.repo(notifyRepo)
    store.transaction('channel', () => {
      notify.addChannel({
        id: 'c-1',
        name: 'Ops',
        kind: 'webhook',
        escalation: false,
        recipient: null,
        created_at: '2026-01-01T00:00:00Z',
      })
      notify.enqueue('announce:payout:k-1', ['c-1'], 'Paid', '2026-01-01T00:00:00Z')
    })
    expect(store.read('read', () => notify.due('2026-01-02T00:00:00Z'))).toEqual([
      expect.objectContaining({ channelId: 'c-1', attempts: 0 }),
    ])
    damage("UPDATE notify_outbox SET attempts = 'twice'")
    expect(() => store.read('read', () => notify.due('2026-01-02T00:00:00Z'))).toThrow(
      damaged('notify_outbox', 'attempts'),
    )
  })

  it('a movement waiting to be read again whose attempt count is text, not a number to back off by', () => {
    const ledger = store.repo(ledgerRepo)
    damage("INSERT INTO ledger_pending (id, attempts, next_check_ms) VALUES ('tx-1', 2, 0)")
    expect(store.read('read', () => ledger.duePending(Date.now(), 10))).toEqual([{ id: 'tx-1', attempts: 2 }])
    damage("UPDATE ledger_pending SET attempts = 'many'")
    expect(() => store.read('read', () => ledger.duePending(Date.now(), 10))).toThrow(
      damaged('ledger_pending', 'attempts'),
    )
  })

  it('a leg note whose tags are not a list of words', () => {
    const notes = store.repo(legNotesRepo)
    store.transaction('note', () =>
      notes.put({ transactionId: 't-1', direction: 'in', note: 'rent', tags: ['office'] }, 'alice', 'now'),
    )
    expect(store.read('read', () => notes.get('t-1', 'in')).tags).toEqual(['office'])
    damage(`UPDATE ledger_leg_notes SET tags = '{"office": 1}'`)
    expect(() => store.read('read', () => notes.get('t-1', 'in'))).toThrow(damaged('ledger_leg_notes', 'row'))
  })
})
