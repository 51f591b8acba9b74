import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { PayoutRequests } from '../../../electron/core/payouts/payout-requests'
import { DeskStore, SCHEMA_VERSION, STORE_FILE, storeError } from '../../../electron/core/store'
import { consoleCall, requestLog } from '../../harness/api-fixture'
import { useScratchSimulator } from '../../harness/scratch-simulator'
import { canMount, emptyDisk, fillDisk, smallDisk } from '../../harness/small-disk'

const rig = useScratchSimulator('store-failures-')

describe('the profile store when the disk or the file is not what it should be', () => {
  it('a file that is not SQLite: store_corrupt naming the file, which is left as it was', () => {
    const dir = join(rig.base, 'notdb')
    mkdirSync(dir)
    writeFileSync(join(dir, STORE_FILE), 'hello, this is a spreadsheet, not a database'.repeat(200))
    expect(() => DeskStore.open(dir, 'test')).toThrow(
      expect.objectContaining({ code: 'store_corrupt', message: expect.stringContaining(join(dir, STORE_FILE)) }),
    )
  })

  it('a database from a newer app: store_too_new, untouched', () => {
    const dir = join(rig.base, 'newer')
    DeskStore.open(dir, 'test').close()
    const db = new DatabaseSync(join(dir, STORE_FILE))
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`)
    db.close()
    expect(() => DeskStore.open(dir, 'test')).toThrow(
      expect.objectContaining({
        code: 'store_too_new',
        message: expect.stringMatching(/newer Payout Desk.*Update the app/),
      }),
    )
    const after = new DatabaseSync(join(dir, STORE_FILE), { readOnly: true })
    expect((after.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(
      SCHEMA_VERSION + 1,
    )
    after.close()
  })

  it('maps a locked store, a refused permission and a failing disk to their own codes', () => {
    const f = '/data/desk.db'
    expect(storeError({ errcode: 5, errstr: 'database is locked' }, f, 'record the payout')).toMatchObject({
      code: 'store_locked',
      message: expect.stringContaining(f),
    })
    expect(storeError({ errcode: 14, errstr: 'unable to open database file' }, f, 'open')).toMatchObject({
      code: 'disk_permission',
    })
    expect(storeError({ code: 'EACCES' }, f, 'open')).toMatchObject({ code: 'disk_permission' })
    expect(storeError({ errcode: 8 }, f, 'open')).toMatchObject({ code: 'disk_read_only' })
    expect(storeError({ errcode: 10 | (3 << 8), errstr: 'disk I/O error' }, f, 'open')).toMatchObject({
      code: 'disk_error',
    })
  })

  it.runIf(canMount)('a read-only disk: disk_read_only naming the file, nothing sent', async () => {
    const dir = smallDisk(1024)
    const store = DeskStore.open(dir, 'test')
    store.close()
    execFileSync('mount', ['-o', 'remount,ro', dir])
    try {
      expect(() => DeskStore.open(dir, 'test')).toThrow(
        expect.objectContaining({
          code: expect.stringMatching(/^disk_(read_only|permission)$/),
          message: expect.stringContaining(dir),
        }),
      )
    } finally {
      execFileSync('mount', ['-o', 'remount,rw', dir])
    }
  })

  it.runIf(canMount)(
    'a full disk: the payout is refused before any POST, and after restart nothing is lost',
    async () => {
      const dir = smallDisk(2048)
      let store = DeskStore.open(dir, 'test')
      let payouts = new PayoutRequests(Outbox.open(store), rig.ws.client)
      const first = await payouts.request({ ...rig.ws.target, amount: '1.00' }, { requestedBy: 'app' })
      expect(first.entry.state).toBe('accepted')
      fillDisk(dir)
      const postsBefore = (await requestLog(rig.sim.sandbox.url)).filter((r) => r.method === 'POST').length
      await expect(payouts.request({ ...rig.ws.target, amount: '2.00' }, { requestedBy: 'app' })).rejects.toMatchObject(
        {
          code: 'disk_full',
          message: expect.stringMatching(new RegExp(`${dir.replace(/[/.-]/g, '\\$&')}.*full.*nothing was sent`)),
        },
      )
      expect((await requestLog(rig.sim.sandbox.url)).filter((r) => r.method === 'POST').length).toBe(postsBefore)
      store.close()
      emptyDisk(dir)
      store = DeskStore.open(dir, 'test')
      payouts = new PayoutRequests(Outbox.open(store), rig.ws.client)
      expect(payouts.outbox.list().map((e) => [e.idempotencyKey, e.state])).toEqual([
        [first.entry.idempotencyKey, 'accepted'],
      ])
      const recorded = await consoleCall<Array<{ workspace_id: string; amount: string }>>(
        rig.sim.sandbox.url,
        'GET',
        'withdrawals',
      )
      expect(recorded.filter((w) => w.workspace_id === rig.ws.workspaceId).map((w) => w.amount)).toEqual(['1.00'])
      store.close()
    },
  )

  it.skipIf(canMount)(
    'full and read-only disks need root to mount a small tmpfs; run the suite as root (CI does)',
    () => {
      expect(canMount).toBe(false)
    },
  )
})
