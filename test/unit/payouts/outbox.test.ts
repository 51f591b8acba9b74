import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { DeskStore, STORE_FILE } from '../../../electron/core/store'

const body = {
  wallet_id: 'w1',
  asset: 'USDC',
  amount: '12.50',
  destination: '0x52908400098527886E0F7030069857D2E4169EE7',
  network: 'ethereum-sepolia',
}

describe('payout outbox in the profile store', () => {
  let dir: string
  const open: DeskStore[] = []
  const store = () => {
    const s = DeskStore.open(dir, 'test')
    open.push(s)
    return s
  }
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'outbox-'))
  })
  afterEach(async () => {
    for (const s of open.splice(0)) s.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('commits the request with a new key and the exact body before returning', async () => {
    const outbox = Outbox.open(store())
    const entry = await outbox.add(body, 'alice')
    expect(entry).toMatchObject({ state: 'sending', body, requestedBy: 'alice', withdrawalId: null })
    expect(entry.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    // A separate connection (another process) sees the committed row at once.
    const db = new DatabaseSync(join(dir, STORE_FILE), { readOnly: true })
    const row = db.prepare('SELECT key, body FROM outbox').get() as { key: string; body: string }
    db.close()
    expect(row.key).toBe(entry.idempotencyKey)
    expect(JSON.parse(row.body)).toEqual(body)
    const other = await outbox.add(body, 'alice')
    expect(other.idempotencyKey).not.toBe(entry.idempotencyKey)
  })

  it('turns entries left sending into unknown only once their sender is gone', async () => {
    const first = store()
    const entry = await Outbox.open(first).add(body, 'alice')
    // a second live process opening the profile leaves the first one's payout alone
    const second = Outbox.open(store())
    expect(second.get(entry.idempotencyKey).state).toBe('sending')
    first.close()
    expect(second.reclaimOrphans()).toEqual([entry.idempotencyKey])
    expect(second.get(entry.idempotencyKey)).toMatchObject({ state: 'unknown', body, error: { code: 'interrupted' } })
    const third = Outbox.open(store())
    expect(third.list()).toHaveLength(1)
    expect(third.get(entry.idempotencyKey).state).toBe('unknown')
  })

  it('refuses a second entry under a key another process already used, leaving the first untouched', async () => {
    const a = Outbox.open(store())
    const b = Outbox.open(store())
    const entry = await a.add(body, 'app')
    await a.mark(entry.idempotencyKey, 'accepted', { withdrawalId: 'w-1' })
    await expect(b.add({ ...body, amount: '99' }, 'agent', new Date(), entry.idempotencyKey)).rejects.toMatchObject({
      code: 'idempotency_conflict',
    })
    // the other process's stale view cannot move the accepted entry backwards either
    await expect(
      b.mark(entry.idempotencyKey, 'refused', { error: { code: 'withdrawal_failed', message: 'y' } }),
    ).rejects.toMatchObject({ code: 'invalid_input' })
    expect(a.get(entry.idempotencyKey)).toMatchObject({ state: 'accepted', withdrawalId: 'w-1', body })
  })

  it('tells every process about a change made by another', async () => {
    const a = Outbox.open(store())
    const b = Outbox.open(store())
    let seen = 0
    b.onChange(() => seen++)
    await a.add(body, 'agent')
    await expect.poll(() => seen, { timeout: 2_000 }).toBeGreaterThan(0)
    expect(b.list()).toHaveLength(1)
  })

  it('follows the state machine and refuses impossible moves', async () => {
    const outbox = Outbox.open(store())
    const e = await outbox.add(body, 'alice')
    await outbox.mark(e.idempotencyKey, 'unknown', { error: { code: 'timeout', message: 't' } })
    await outbox.claim(e.idempotencyKey, ['unknown'], () => ({ state: 'sending' }))
    await outbox.mark(e.idempotencyKey, 'refused', { error: { code: 'destination_not_whitelisted', message: 'no' } })
    expect(outbox.get(e.idempotencyKey).error?.code).toBe('destination_not_whitelisted')
    await outbox.mark(e.idempotencyKey, 'discarded')
    await expect(outbox.claim(e.idempotencyKey, ['discarded'], () => ({ state: 'sending' }))).rejects.toMatchObject({
      code: 'invalid_input',
    })
    const f = await outbox.add(body, 'alice')
    await outbox.mark(f.idempotencyKey, 'accepted', { withdrawalId: 'x' })
    await expect(outbox.mark(f.idempotencyKey, 'discarded')).rejects.toThrow(/accepted cannot become discarded/)
    expect(() => outbox.get('nope')).toThrow(/no payout/)
  })

  it('holds a row whose body fails its schema: reported, never returned for sending', async () => {
    const s = store()
    const outbox = Outbox.open(s)
    const good = await outbox.add(body, 'alice')
    const bad = await outbox.add(body, 'alice')
    const db = new DatabaseSync(join(dir, STORE_FILE))
    db.prepare('UPDATE outbox SET body = ? WHERE key = ?').run('{"wallet_id":1}', bad.idempotencyKey)
    db.close()
    expect(outbox.list().map((e) => e.idempotencyKey)).toEqual([good.idempotencyKey])
    expect(outbox.problems().map((p) => p.key)).toEqual([bad.idempotencyKey])
    expect(() => outbox.get(bad.idempotencyKey)).toThrow(expect.objectContaining({ code: 'record_corrupt' }))
  })

  it('leaves a damaged row a gone process left sending held, and still reclaims the others', async () => {
    const gone = store()
    const bad = await Outbox.open(gone).add(body, 'alice')
    const good = await Outbox.open(gone).add(body, 'alice')
    const db = new DatabaseSync(join(dir, STORE_FILE))
    db.prepare('UPDATE outbox SET body = ? WHERE key = ?').run('{"wallet_id":1}', bad.idempotencyKey)
    db.close()
    gone.close()
    // opening the profile must not fail on the damaged row: it is reported, never moved or re-sent
    const outbox = Outbox.open(store())
    expect(outbox.get(good.idempotencyKey)).toMatchObject({ state: 'unknown', error: { code: 'interrupted' } })
    expect(outbox.problems().map((p) => [p.key, p.problem])).toEqual([
      [bad.idempotencyKey, expect.stringMatching(/^body\.wallet_id: /)],
    ])
    expect(outbox.reclaimOrphans()).toEqual([])
  })
})
