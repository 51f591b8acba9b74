import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { profileDir } from '../../../electron/core/profiles'
import { DeskStore, STORE_FILE, type AuditEntry } from '../../../electron/core/store'
import { cli } from '../../harness/cli-runner'

const body = {
  wallet_id: 'w1',
  asset: 'USDC',
  amount: '12.50',
  destination: '0x52908400098527886E0F7030069857D2E4169EE7',
  network: 'ethereum-sepolia',
}
const line = (i: number): AuditEntry => ({
  at: `2026-11-23T07:00:0${i}.000Z`,
  kind: 'http',
  method: 'GET',
  path: '/api/v1/wallets',
  status: 200,
  errorCode: null,
  requestId: `r${i}`,
  idempotencyKey: null,
  actor: 'app',
  detail: null,
})

let home: string
let dir: string

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'audit-cli-'))
  expect(
    await cli(home, ['profile', 'add', '--name', 'Ops', '--env', 'sandbox', '--base-url', 'https://api.example.com']),
  ).toMatchObject({ code: 0 })
  const id = JSON.parse((await cli(home, ['profile', 'list', '--json'])).stdout)[0].id as string
  dir = profileDir(home, id)
})
afterAll(() => rm(home, { recursive: true, force: true }))

function seed(rows: number): void {
  const store = DeskStore.open(dir, 'test')
  tamper('DELETE FROM audit')
  tamper('DELETE FROM audit_head')
  for (let i = 1; i <= rows; i++) store.audit.append(line(i))
  store.close()
}

function tamper(sql: string, ...args: Array<string | number>): void {
  const db = new DatabaseSync(join(dir, STORE_FILE))
  db.prepare(sql).run(...args)
  db.close()
}

describe('audit verify and list, outbox from a terminal', () => {
  it('verify passes on an intact chain and list prints every row', async () => {
    seed(5)
    const ok = await cli(home, ['audit', 'verify', '--profile', 'Ops'])
    expect(ok).toMatchObject({ code: 0 })
    expect(ok.stdout).toMatch(/5 rows/)
    const listed = JSON.parse((await cli(home, ['audit', 'list', '--profile', 'Ops', '--json'])).stdout) as Array<{
      seq: number
      requestId: string
    }>
    expect(listed.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5])
    expect((await cli(home, ['audit', 'list', '--profile', 'Ops'])).stdout.trim().split('\n')).toHaveLength(5)
  })

  it.each([
    ['status', `UPDATE audit SET entry = json_set(entry, '$.status', 500) WHERE seq = 3`],
    ['time', `UPDATE audit SET entry = json_set(entry, '$.at', '2020-01-01T00:00:00.000Z') WHERE seq = 3`],
    ['actor', `UPDATE audit SET entry = json_set(entry, '$.actor', 'someone') WHERE seq = 3`],
    ['hash', `UPDATE audit SET hash = '${'a'.repeat(64)}' WHERE seq = 3`],
    ['previous hash', `UPDATE audit SET prev_hash = '${'b'.repeat(64)}' WHERE seq = 3`],
    ['deleted row', `DELETE FROM audit WHERE seq = 3`],
  ])('a changed %s breaks the chain at row 3 (exit 1)', async (_what, sql) => {
    seed(5)
    tamper(sql)
    const broken = await cli(home, ['audit', 'verify', '--profile', 'Ops'])
    expect(broken.code).toBe(1)
    expect(broken.stderr).toMatch(/BROKEN at row 3/)
  })

  it('a deleted last row is noticed too', async () => {
    seed(5)
    tamper('DELETE FROM audit WHERE seq = 5')
    const broken = await cli(home, ['audit', 'verify', '--profile', 'Ops'])
    expect(broken.code).toBe(1)
    expect(broken.stderr).toMatch(/BROKEN at row 5/)
  })

  it('outbox lists key, state, withdrawal, who, when and the last error', async () => {
    const store = DeskStore.open(dir, 'test')
    const outbox = Outbox.open(store)
    const a = await outbox.add(body, 'agent')
    await outbox.mark(a.idempotencyKey, 'accepted', { withdrawalId: 'wd-1' })
    const b = await outbox.add({ ...body, amount: '3' }, 'cli')
    await outbox.mark(b.idempotencyKey, 'refused', {
      error: { code: 'destination_not_whitelisted', message: 'not whitelisted' },
    })
    store.close()
    const json = JSON.parse((await cli(home, ['outbox', '--profile', 'Ops', '--json'])).stdout) as {
      entries: Array<{ idempotencyKey: string; state: string }>
    }
    expect(json.entries.map((e) => [e.idempotencyKey, e.state])).toEqual([
      [b.idempotencyKey, 'refused'],
      [a.idempotencyKey, 'accepted'],
    ])
    const text = await cli(home, ['outbox', '--profile', 'Ops'])
    expect(text.code).toBe(0)
    expect(text.stdout).toMatch(new RegExp(`${a.idempotencyKey}\\s+accepted\\s+wd-1\\s+agent`))
    expect(text.stdout).toMatch(/destination_not_whitelisted: not whitelisted/)
  })
})
