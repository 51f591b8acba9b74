import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync, writeSync, closeSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EventBus } from '../../../electron/core/event-bus'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { PayoutRequests } from '../../../electron/core/payouts/payout-requests'
import { profileDir } from '../../../electron/core/profiles/profile-dir'
import { createEd25519Signer } from '../../../electron/core/signing'
import { DeskStore, SCHEMA_VERSION, STORE_FILE } from '../../../electron/core/store'
import { ProfileSession } from '../../../electron/core/session/session'
import { startSimulator } from '../../../electron/simulator'
import { registerKey, requestLog, setupWorkspace, type Workspace } from '../../harness/api-fixture'
import { readerProfile } from '../../harness/readers'

// A file system that turns read-only under an open store (as ext4 does on an error) needs root and a loop device.
const canLoop = process.getuid?.() === 0 && existsSync('/dev/loop-control') && existsSync('/usr/sbin/mkfs.ext4')

let base: string
let sim: Awaited<ReturnType<typeof startSimulator>>
let ws: Workspace

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'store-failures-live-'))
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  ws = await setupWorkspace(sim.sandbox.url)
})
afterAll(async () => {
  await ws.client.sender.close()
  await sim.close()
  await rm(base, { recursive: true, force: true })
})

const posts = async () => (await requestLog(sim.sandbox.url)).filter((r) => r.method === 'POST').length
const escaped = (s: string) => s.replace(/[/.-]/g, '\\$&')

describe('the profile store under real failures', () => {
  it('a database another connection keeps write-locked past the busy timeout: store_locked naming the file, nothing sent', async () => {
    const dir = join(base, 'locked')
    const store = DeskStore.open(dir, 'test', { busyTimeoutMs: 200 })
    const payouts = new PayoutRequests(Outbox.open(store), ws.client)
    const other = new DatabaseSync(join(dir, STORE_FILE))
    other.exec('BEGIN IMMEDIATE')
    const before = await posts()
    try {
      await expect(payouts.request({ ...ws.target, amount: '1.00' }, { requestedBy: 'app' })).rejects.toMatchObject({
        code: 'store_locked',
        message: expect.stringMatching(
          new RegExp(`record the payout: ${escaped(join(dir, STORE_FILE))} stayed locked .*close the other process`),
        ),
      })
    } finally {
      other.exec('ROLLBACK')
      other.close()
    }
    expect(await posts()).toBe(before)
    // Once the other writer is done, the same store records and sends.
    expect((await payouts.request({ ...ws.target, amount: '1.00' }, { requestedBy: 'app' })).entry.state).toBe(
      'accepted',
    )
    store.close()
  })

  it('a damaged SQLite file (its header intact, its pages not): store_corrupt naming the file and what to do, file untouched', () => {
    const dir = join(base, 'damaged')
    const store = DeskStore.open(dir, 'test')
    store.close()
    const file = join(dir, STORE_FILE)
    const size = statSync(file).size
    const fd = openSync(file, 'r+')
    writeSync(fd, Buffer.alloc(size - 4096, 0xa5), 0, size - 4096, 4096) // every page after the first
    closeSync(fd)
    const damaged = readFileSync(file)
    let thrown: unknown
    try {
      DeskStore.open(dir, 'test').close()
    } catch (err) {
      thrown = err
    }
    expect(thrown).toMatchObject({
      code: 'store_corrupt',
      message: expect.stringMatching(
        new RegExp(`${escaped(file)} is not a readable .*Move it aside and restore it from a backup`),
      ),
    })
    expect(((thrown as Error).cause as { errcode: number }).errcode & 0xff).toBe(11) // SQLITE_CORRUPT, not "not a database"
    expect(readFileSync(file).equals(damaged)).toBe(true)
  })

  it.runIf(canLoop)(
    'a disk that turns read-only under the open store: refused before any POST, nothing lost once it is writable again',
    async () => {
      const image = join(base, 'disk.img')
      const dir = join(base, 'ext4')
      execFileSync('truncate', ['-s', '16M', image])
      execFileSync('mkfs.ext4', ['-q', '-F', image])
      mkdirSync(dir)
      execFileSync('mount', ['-o', 'loop,errors=remount-ro', image, dir])
      let mounted = true
      let store: DeskStore | undefined
      try {
        store = DeskStore.open(dir, 'test')
        let payouts = new PayoutRequests(Outbox.open(store), ws.client)
        const first = await payouts.request({ ...ws.target, amount: '2.00' }, { requestedBy: 'app' })
        expect(first.entry.state).toBe('accepted')
        // What ext4 does on an error with errors=remount-ro: the file system goes read-only with the files open.
        const device = basename(execFileSync('findmnt', ['-n', '-o', 'SOURCE', dir], { encoding: 'utf8' }).trim())
        writeFileSync(`/sys/fs/ext4/${device}/trigger_fs_error`, 'test')
        const before = await posts()
        await expect(payouts.request({ ...ws.target, amount: '3.00' }, { requestedBy: 'app' })).rejects.toMatchObject({
          code: 'disk_read_only',
          message: expect.stringMatching(
            new RegExp(`${escaped(join(dir, STORE_FILE))} is on a read-only disk.*nothing was sent`),
          ),
        })
        expect(await posts()).toBe(before)
        store.close()
        // Writable again the way an administrator does it: unmount, check, mount.
        execFileSync('umount', [dir])
        mounted = false
        // e2fsck exits 1 when it corrected the error the trigger recorded; 4 and up mean it could not.
        expect(spawnSync('e2fsck', ['-f', '-y', image], { stdio: 'ignore' }).status).toBeLessThan(4)
        execFileSync('mount', ['-o', 'loop', image, dir])
        mounted = true
        store = DeskStore.open(dir, 'test')
        payouts = new PayoutRequests(Outbox.open(store), ws.client)
        expect(payouts.outbox.list().map((e) => [e.idempotencyKey, e.state])).toEqual([
          [first.entry.idempotencyKey, 'accepted'],
        ])
        expect(store.audit.verify()).toMatchObject({ ok: true })
        store.close()
      } finally {
        store?.close()
        if (mounted) execFileSync('umount', [dir])
      }
    },
  )

  it.skipIf(canLoop)('a disk turning read-only needs root and a loop device; run the suite as root (CI does)', () => {
    expect(canLoop).toBe(false)
  })

  it("one profile's store broken (not SQLite, or too new) while another profile in the same data dir opens and works", async () => {
    const dataDir = join(base, 'profiles')
    const key = await registerKey(sim.sandbox.url, ws.workspaceId)
    const [good, notDb, tooNew] = [0, 1, 2].map(() => readerProfile(sim.sandbox.url, key.keyId))
    const deps = {
      dataDir,
      role: 'test' as const,
      events: new EventBus(),
      openSigner: async () => createEd25519Signer(key.keyId, key.secret),
    }
    const session = await ProfileSession.open(good!, deps)
    try {
      const notDbFile = join(profileDir(dataDir, notDb!.id), STORE_FILE)
      mkdirSync(profileDir(dataDir, notDb!.id), { recursive: true })
      writeFileSync(notDbFile, 'id,amount\n1,2.00\n'.repeat(500))
      DeskStore.open(profileDir(dataDir, tooNew!.id), 'test').close()
      const tooNewFile = join(profileDir(dataDir, tooNew!.id), STORE_FILE)
      const db = new DatabaseSync(tooNewFile)
      db.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`)
      db.close()

      await expect(ProfileSession.open(notDb!, deps)).rejects.toMatchObject({
        code: 'store_corrupt',
        message: expect.stringContaining(notDbFile),
      })
      await expect(ProfileSession.open(tooNew!, deps)).rejects.toMatchObject({
        code: 'store_too_new',
        message: expect.stringContaining(tooNewFile),
      })
      // The open profile is untouched by its neighbours' failures, and a fresh open of it works too.
      expect(
        (await session.payouts.request({ ...ws.target, amount: '4.00' }, { requestedBy: 'app' })).entry.state,
      ).toBe('accepted')
      const again = await ProfileSession.open(good!, deps)
      expect(again.payouts.outbox.list().map((e) => e.body.amount)).toEqual(['4.00'])
      await again.close()
      expect(readFileSync(notDbFile, 'utf8')).toBe('id,amount\n1,2.00\n'.repeat(500))
    } finally {
      await session.close()
    }
  })
})
