import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportBook } from '../../../electron/core/destinations/book-export'
import { DestinationImports } from '../../../electron/core/destinations/book-import'
import { checkImportFile } from '../../../electron/core/destinations/book-import-check'
import { destinationImportRepo, DeskStore } from '../../../electron/core/store'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall, requestLog, setupWorkspace, type Workspace } from '../../harness/api-fixture'
import { destinationCsv } from '../../harness/destination-file'
import type { ImportChildJob } from '../../harness/destinations-import-child'
import { tsChild } from '../../harness/ts-child'

const CHILD = join(fileURLToPath(new URL('.', import.meta.url)), '../../harness/destinations-import-child.ts')

function runChild(job: ImportChildJob): Promise<NodeJS.Signals | number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...tsChild(CHILD), JSON.stringify(job)], {
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    child.on('error', reject)
    child.on('exit', (code, signal) => resolve(signal ?? code))
  })
}

describe('importing a destination file against the simulator', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let dir: string
  let ws: Workspace
  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    dir = await mkdtemp(join(tmpdir(), 'book-import-'))
    await consoleCall(sim.sandbox.url, 'POST', 'settings', {
      rate_limit_per_minute: 1_000_000,
      rate_limit_window_s: 60,
    })
    ws = await setupWorkspace(sim.sandbox.url)
  })
  afterAll(async () => {
    await ws.client.sender.close()
    await sim.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('creates 500 pending destinations exactly once across two kills and a resume', async () => {
    const storeDir = join(dir, 'kill')
    const csvFile = join(dir, 'clean.csv')
    await writeFile(csvFile, destinationCsv(500, 'kill'))
    const job = {
      baseUrl: sim.sandbox.url,
      keyId: ws.key.keyId,
      secretHex: Buffer.from(ws.key.secret).toString('hex'),
      storeDir,
    }
    expect(await runChild({ ...job, csvFile, killAfterPosts: 120 })).toBe('SIGKILL')
    const store = DeskStore.open(storeDir, 'test')
    const importId = store.repo(destinationImportRepo).list()[0]!.id
    // Killed when the 120th answer arrived, before it was recorded.
    expect(store.repo(destinationImportRepo).counts(importId)).toEqual({
      pending: 381,
      created: 119,
      existing: 0,
      failed: 0,
    })
    expect(await runChild({ ...job, importId, killAfterPosts: 150 })).toBe('SIGKILL')

    const done = await new DestinationImports(store, ws.client).run(importId)
    store.close()
    expect(done).toMatchObject({ total: 500, created: 500, existing: 0, failed: 0, pending: 0, finished: true })
    const book = (await ws.client.listCounterparties()).filter((c) => c.label.startsWith('Import kill '))
    expect(book).toHaveLength(500)
    expect(new Set(book.map((c) => c.address)).size).toBe(500)
    expect(book.every((c) => c.status === 'pending' && !c.can_send)).toBe(true)
    // Each row's create went out once: the rows answered but not recorded at a kill were found by address, not sent
    // again.
    const posts = (await requestLog(sim.sandbox.url)).filter(
      (r) => r.key_id === ws.key.keyId && r.method === 'POST' && r.path.startsWith('/api/v1/counterparties'),
    )
    expect(posts.filter((r) => r.status < 300).length).toBe(500 + 1)
  }, 180_000)

  it('refuses a 500-row file with 3 bad rows whole, naming each line, and records nothing', async () => {
    const lines = destinationCsv(500, 'bad').split('\r\n')
    lines[10] = lines[10]!.replace(/0x[0-9a-f]{40}/, '0x1234') // line 11: not an address
    lines[200] = lines[200]!.replace(',company,', ',individual,') // line 201: an individual without names
    lines[450] = lines[450]!.replace(',DE,', ',ZZ,') // line 451: no such country
    const store = DeskStore.open(join(dir, 'bad'), 'test')
    const check = await checkImportFile(store, ws.client, lines.join('\r\n'))
    expect(check.problems.map((p) => p.line)).toEqual([11, 201, 451])
    expect(check.problems.every((p) => p.message.startsWith(`Line ${p.line}`))).toBe(true)
    expect(() => new DestinationImports(store, ws.client).record(check, 'bad.csv', 'x')).toThrow(/3 problems/)
    expect(store.repo(destinationImportRepo).list()).toEqual([])
    store.close()
  })

  it('reads its own export back as destinations that already exist, sending nothing', async () => {
    const file = join(dir, 'book.csv')
    const book = await ws.client.listCounterparties()
    expect(await exportBook(ws.client, file, new AbortController().signal)).toEqual({
      rows: book.length,
      cancelled: false,
    })
    const store = DeskStore.open(join(dir, 'round'), 'test')
    const before = (await requestLog(sim.sandbox.url)).filter((r) => r.method === 'POST').length
    const check = await checkImportFile(store, ws.client, await readFile(file))
    expect(check.problems).toEqual([])
    expect(check.rows.map((r) => r.existingId)).toEqual(book.map((c) => c.id))
    const imports = new DestinationImports(store, ws.client)
    const done = await imports.run(imports.record(check, 'book.csv', 'y').id)
    store.close()
    expect(done).toMatchObject({ total: book.length, existing: book.length, created: 0, finished: true })
    expect((await requestLog(sim.sandbox.url)).filter((r) => r.method === 'POST').length).toBe(before)
  })
})
