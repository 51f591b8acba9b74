import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall, setupWorkspace, type Workspace } from '../../harness/api-fixture'
import { destinationCsv } from '../../harness/destination-file'
import { closeDeskRig, registerProfileKey } from '../../harness/ipc-desk'
import { MemorySecretStore } from '../../harness/memory-secret-store'

const b64 = (text: string) => Buffer.from(text).toString('base64')

describe('the Destinations screen exports and imports the book through IPC', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: Workspace
  let dir: string
  let desk: Desk

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    await consoleCall(sim.sandbox.url, 'POST', 'settings', { rate_limit_per_minute: 1_000_000 })
    ws = await setupWorkspace(sim.sandbox.url)
    dir = await mkdtemp(join(tmpdir(), 'book-ipc-'))
    desk = await createDesk({
      dataDir: dir,
      shell: 'test',
      version: '0.0.0',
      secretStore: new MemorySecretStore(),
      chooseSavePath: async (name) => join(dir, name),
    })
    const profile = await desk.router.call('profiles.create', {
      name: 'Test',
      environment: 'sandbox',
      baseUrl: sim.sandbox.url,
      algorithm: 'ed25519',
    })
    await registerProfileKey(desk, sim.sandbox.url, ws.workspaceId, profile.id)
    await desk.router.call('profiles.select', { profileId: profile.id })
  })
  afterAll(() => closeDeskRig({ desk, ws, sim, dir }))

  it('checks a file whole, imports it in the background with pause and resume, and exports the book', async () => {
    const bad = destinationCsv(4).replace(/,unhosted,DE,/, ',unhosted,Germany,')
    const check = await desk.router.call('destinations.importCheck', { source: 'bad.csv', base64: b64(bad) })
    expect(check.problems.map((p) => p.line)).toEqual([2])
    await expect(
      desk.router.call('destinations.importStart', { source: 'bad.csv', base64: b64(bad) }),
    ).rejects.toMatchObject({ code: 'invalid_input' })

    const clean = b64(destinationCsv(60, 'ipc'))
    expect(await desk.router.call('destinations.importCheck', { source: 'clean.csv', base64: clean })).toMatchObject({
      lineCount: 60,
      newRows: 60,
      existingRows: 0,
      problems: [],
    })
    const started = await desk.router.call('destinations.importStart', { source: 'clean.csv', base64: clean })
    const paused = await desk.router.call('destinations.importPause', { importId: started.importId })
    expect(paused.intent).toBe('paused')
    await vi.waitFor(async () =>
      expect((await desk.router.call('destinations.importStatus', { importId: started.importId })).running).toBe(false),
    )
    const held = await desk.router.call('destinations.importStatus', { importId: started.importId })
    expect(held.progress.finished).toBe(false)
    // The same file again while its import stopped part way: refused, as the CLI refuses it, so no row is imported
    // twice side by side.
    await expect(
      desk.router.call('destinations.importStart', { source: 'clean-again.csv', base64: clean }),
    ).rejects.toMatchObject({ code: 'invalid_input' })
    expect(await desk.router.call('destinations.importList', {})).toHaveLength(1)
    await desk.router.call('destinations.importResume', { importId: started.importId })
    await vi.waitFor(
      async () =>
        expect(
          (await desk.router.call('destinations.importStatus', { importId: started.importId })).progress.finished,
        ).toBe(true),
      { timeout: 20_000 },
    )
    const done = await desk.router.call('destinations.importStatus', { importId: started.importId })
    expect(done).toMatchObject({ progress: { total: 60, created: 60, failed: 0 }, stopped: null, failed: [] })
    expect((await desk.router.call('destinations.importList', {}))[0]!.importId).toBe(started.importId)

    const exported = await desk.router.call('destinations.export', {})
    expect(exported).toMatchObject({ rows: 61, cancelled: false })
    const lines = (await readFile(exported.path!, 'utf8')).trimEnd().split('\r\n')
    expect(lines).toHaveLength(62)
  })
})
