import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Outbox } from '../../../electron/core/payouts/outbox'

const body = { wallet_id: 'w1', asset: 'USDC', amount: '12.50', destination: '0x52908400098527886E0F7030069857D2E4169EE7', network: 'ethereum-sepolia' }

describe('payout outbox', () => {
  let dir: string
  let file: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'outbox-'))
    file = join(dir, 'profiles', 'p1', 'outbox.jsonl')
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('writes the request with a new key and the exact body before returning', async () => {
    const outbox = await Outbox.open(file)
    const entry = await outbox.add(body, 'alice')
    expect(entry).toMatchObject({ state: 'sending', body, requestedBy: 'alice', withdrawalId: null })
    expect(entry.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    const onDisk = (await readFile(file, 'utf8')).trim().split('\n').map((l) => JSON.parse(l))
    expect(onDisk).toEqual([expect.objectContaining({ type: 'request', key: entry.idempotencyKey, body })])
    const other = await outbox.add(body, 'alice')
    expect(other.idempotencyKey).not.toBe(entry.idempotencyKey)
    await outbox.close()
  })

  it('turns entries left sending into unknown on reopen, keeping key and body', async () => {
    const first = await Outbox.open(file)
    const entry = await first.add(body, 'alice')
    await first.close()
    const again = await Outbox.open(file)
    expect(again.get(entry.idempotencyKey)).toMatchObject({ state: 'unknown', body, error: { code: 'interrupted' } })
    await again.close()
    const third = await Outbox.open(file)
    expect(third.list()).toHaveLength(1)
    expect(third.get(entry.idempotencyKey).state).toBe('unknown')
    await third.close()
  })

  it('tolerates a torn last line and keeps appending cleanly after it', async () => {
    const first = await Outbox.open(file)
    const a = await first.add(body, 'alice')
    await first.mark(a.idempotencyKey, 'accepted', { withdrawalId: '6f1c1a3e-0000-4000-8000-000000000001' })
    await first.close()
    await appendFile(file, '{"type":"outcome","key":"' + a.idempotencyKey + '","sta')
    const second = await Outbox.open(file)
    expect(second.get(a.idempotencyKey)).toMatchObject({ state: 'accepted', withdrawalId: '6f1c1a3e-0000-4000-8000-000000000001' })
    const b = await second.add(body, 'bob')
    await second.close()
    const third = await Outbox.open(file)
    expect(third.list().map((e) => e.idempotencyKey)).toEqual([b.idempotencyKey, a.idempotencyKey])
    await third.close()
  })

  it('follows the state machine and refuses impossible moves', async () => {
    const outbox = await Outbox.open(file)
    const e = await outbox.add(body, 'alice')
    await outbox.mark(e.idempotencyKey, 'unknown', { error: { code: 'timeout', message: 't' } })
    await outbox.mark(e.idempotencyKey, 'sending')
    await outbox.mark(e.idempotencyKey, 'refused', { error: { code: 'destination_not_whitelisted', message: 'no' } })
    expect(outbox.get(e.idempotencyKey).error?.code).toBe('destination_not_whitelisted')
    await outbox.mark(e.idempotencyKey, 'discarded')
    await expect(outbox.mark(e.idempotencyKey, 'sending')).rejects.toMatchObject({ code: 'invalid_input' })
    const f = await outbox.add(body, 'alice')
    await outbox.mark(f.idempotencyKey, 'accepted', { withdrawalId: 'x' })
    await expect(outbox.mark(f.idempotencyKey, 'discarded')).rejects.toThrow(/accepted cannot become discarded/)
    expect(() => outbox.get('nope')).toThrow(/no payout/)
    await outbox.close()
  })
})
