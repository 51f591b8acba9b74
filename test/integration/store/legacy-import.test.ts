import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { DeskStore } from '../../../electron/core/store'
import { openProfileStore } from '../../../electron/core/session/profile-store'

const FIXTURE = join(__dirname, '../../fixtures/legacy-jsonl')
const key = (n: number) => `aaaaaaaa-0000-4000-8000-00000000000${n}`

describe('import of the JSON-lines outbox and audit log', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'legacy-'))
    await cp(FIXTURE, dir, { recursive: true, filter: (src) => !src.endsWith('README.md') })
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('imports once, through the state machine, and keeps the old files renamed beside the store', async () => {
    const store = openProfileStore(dir, 'test')
    const outbox = Outbox.open(store)
    const entries = outbox.list()
    expect(entries.map((e) => [e.idempotencyKey, e.state])).toEqual([
      [key(3), 'unknown'], // left sending by the old app, whose process is gone
      [key(2), 'refused'],
      [key(1), 'accepted'], // the stale second record neither replaced its body nor refused it
    ])
    expect(outbox.get(key(1))).toMatchObject({
      body: { amount: '12.50' },
      withdrawalId: 'c1d2e3f4-0000-4000-8000-00000000000a',
      requestedBy: 'app',
    })
    expect(outbox.get(key(2))).toMatchObject({
      requestedBy: 'agent',
      error: { code: 'destination_not_whitelisted', requestId: 'req-2' },
    })
    expect(store.audit.all().map((r) => [r.kind, r.method, r.status])).toEqual([
      ['http', 'POST', 202],
      ['http', 'POST', 422],
      ['tool', 'MCP', null],
    ])
    expect(store.audit.verify()).toEqual({ ok: true, rows: 3 })
    store.close()
    const files = await readdir(dir)
    expect(files.filter((f) => f === 'outbox.jsonl' || f === 'audit.jsonl')).toEqual([])
    expect(files.filter((f) => f.startsWith('outbox.jsonl.imported-'))).toHaveLength(1)
    expect(files.filter((f) => f.startsWith('audit.jsonl.imported-'))).toHaveLength(1)

    // Put the files back: a second open does not import them again.
    await cp(FIXTURE, dir, { recursive: true, filter: (src) => !src.endsWith('README.md') })
    const again = openProfileStore(dir, 'test')
    expect(Outbox.open(again).list()).toHaveLength(3)
    expect(again.audit.all()).toHaveLength(3)
    again.close()
  })

  it('a second process opening at the same time sees one import, not two', async () => {
    const a = DeskStore.open(dir, 'test')
    const b = DeskStore.open(dir, 'test')
    const { importLegacyFiles } = await import('../../../electron/core/store')
    const first = importLegacyFiles(a, dir)
    const second = importLegacyFiles(b, dir)
    expect(first.outbox + second.outbox).toBe(3)
    expect(b.outbox.list().entries).toHaveLength(3)
    a.close()
    b.close()
  })

  it('keeps an old provider code outside the ErrorCode table in the message, under invalid_response', async () => {
    const old = JSON.parse(
      (await import('node:fs')).readFileSync(join(FIXTURE, 'outbox.jsonl'), 'utf8').split('\n')[2]!,
    ) as object
    const outcome = {
      type: 'outcome',
      key: key(2),
      state: 'refused',
      withdrawalId: null,
      error: { code: 'insufficient_funds', message: 'Not enough USDC.' },
      at: '2026-11-20T10:01:01.000Z',
    }
    await writeFile(join(dir, 'outbox.jsonl'), `${JSON.stringify(old)}\n${JSON.stringify(outcome)}\n`)
    const store = openProfileStore(dir, 'test')
    expect(Outbox.open(store).get(key(2))).toMatchObject({
      state: 'refused',
      error: {
        code: 'invalid_response',
        message: 'Not enough USDC. (provider code "insufficient_funds", not in the API contract)',
      },
    })
    store.close()
  })
})
