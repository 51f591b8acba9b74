import { parse } from 'csv-parse/sync'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall, setupWorkspace, type Workspace } from '../../harness/api-fixture'
import { simulatorLegs, type SimLeg } from '../../harness/ledger-fixture'
import { MemorySecretStore } from '../../harness/memory-secret-store'
import { closeDeskRig, registerProfileKey } from '../../harness/ipc-desk'

const NOTE = '=HYPERLINK("x") Acme invoice 42% _[x].*'

describe('notes and tags on ledger movements: saved through IPC, found by the search, carried by the exports', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: Workspace
  let dir: string
  let desk: Desk
  let leg: SimLeg
  const changed: string[] = []

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    await consoleCall(sim.sandbox.url, 'POST', 'settings', { rate_limit_per_minute: 1_000_000 })
    ws = await setupWorkspace(sim.sandbox.url, 60)
    dir = await mkdtemp(join(tmpdir(), 'leg-notes-ipc-'))
    desk = await createDesk({
      dataDir: dir,
      shell: 'test',
      version: '0.0.0',
      secretStore: new MemorySecretStore(),
      historyInBackground: true,
      chooseSavePath: async (name) => join(dir, name),
    })
    desk.events.subscribe((event) => {
      if (event === 'history.notesChanged') changed.push(event)
    })
    const profile = await desk.router.call('profiles.create', {
      name: 'Test',
      environment: 'sandbox',
      baseUrl: sim.sandbox.url,
      algorithm: 'ed25519',
    })
    await registerProfileKey(desk, sim.sandbox.url, ws.workspaceId, profile.id)
    await desk.router.call('profiles.select', { profileId: profile.id })
    await vi.waitFor(async () => expect((await desk.router.call('history.summary', {})).ledger.complete).toBe(true), {
      timeout: 20_000,
      interval: 100,
    })
    leg = (await simulatorLegs(sim.sandbox.url, ws.workspaceId)).find(
      (l) => l.status === 'completed' && l.direction !== 'internal',
    )!
  })
  afterAll(() => closeDeskRig({ desk, ws, sim, dir }))

  it('a note and tags are saved on the leg, tags in lower case once each, and every screen is told', async () => {
    const saved = await desk.router.call('history.setLegNote', {
      transactionId: leg.id,
      note: `  ${NOTE} `,
      tags: ['Payroll', 'q3', 'payroll'],
    })
    expect(saved).toEqual({ transactionId: leg.id, direction: leg.direction, note: NOTE, tags: ['payroll', 'q3'] })
    expect(changed).toHaveLength(1)
    expect(await desk.router.call('history.legNotes', { transactionId: leg.id })).toEqual([saved])
  })

  it('the search finds the movement by a word of its note and by a tag; regex and SQL characters are plain text', async () => {
    const ids = async (filter: Record<string, string>) =>
      (await desk.router.call('history.page', { ...filter, limit: 500 })).rows.map((r) => r.id)
    expect(await ids({ text: 'INVOICE' })).toEqual([leg.id])
    expect(await ids({ text: '42% _[x].*' })).toEqual([leg.id])
    expect(await ids({ text: '%' })).toEqual([leg.id])
    expect(await ids({ text: '_' })).toEqual([leg.id])
    expect(await ids({ text: 'q3' })).toEqual([leg.id])
    expect(await ids({ tag: 'PAYROLL' })).toEqual([leg.id])
    expect(await ids({ tag: 'payroll', walletId: ws.walletId, direction: leg.direction })).toEqual([leg.id])
    expect(await ids({ tag: 'payroll', direction: leg.direction === 'in' ? 'out' : 'in' })).toEqual([])
    expect(await ids({ tag: 'payrol' })).toEqual([])
  })

  it('the ledger CSV holds the note (formula defused) and the tags; the accounting export puts the note in its description', async () => {
    const csv = await desk.router.call('transactions.export', { text: 'invoice 42' })
    const [header, row] = parse(await readFile(csv.path!, 'utf8')) as string[][]
    expect(row![header!.indexOf('id')]).toBe(leg.id)
    expect(row![header!.indexOf('note')]).toBe(`'${NOTE}`)
    expect(row![header!.indexOf('tags')]).toBe('payroll q3')

    const books = await desk.router.call('transactions.export', { tag: 'payroll', accounting: { format: 'generic' } })
    const [bookHeader, ...lines] = parse(await readFile(books.path!, 'utf8')) as string[][]
    const mine = lines.filter((l) => l[bookHeader!.indexOf('reference')] === leg.id)
    expect(mine.length).toBeGreaterThan(0)
    for (const l of mine) expect(l[bookHeader!.indexOf('description')]).toContain(`note: ${NOTE}`)
  })

  it('bad notes and tags are refused with a clear error and nothing is lost', async () => {
    const refused = (input: Record<string, unknown>) =>
      desk.router.call('history.setLegNote', { transactionId: leg.id, ...input } as never)
    await expect(refused({ note: 'paid\u202eevil' })).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('U+202E'),
    })
    await expect(refused({ note: 'x'.repeat(1001) })).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('1000'),
    })
    await expect(refused({ tags: ['ok', 'pay roll'] })).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('"pay roll"'),
    })
    await expect(refused({ tags: ['a\u200bb'] })).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('U+200B'),
    })
    await expect(refused({ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) })).rejects.toMatchObject({
      message: expect.stringContaining('at most 10 tags'),
    })
    await expect(
      desk.router.call('history.setLegNote', { transactionId: 'no-such-movement', note: 'x' }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('no movement'),
    })
    expect((await desk.router.call('history.legNotes', { transactionId: leg.id }))[0]).toMatchObject({
      note: NOTE,
      tags: ['payroll', 'q3'],
    })
  })

  it('an empty note and no tags remove them: the search no longer finds the movement by them', async () => {
    await desk.router.call('history.setLegNote', { transactionId: leg.id, note: '', tags: [] })
    expect((await desk.router.call('history.page', { text: 'invoice', limit: 10 })).rows).toEqual([])
    expect((await desk.router.call('history.page', { tag: 'payroll', limit: 10 })).rows).toEqual([])
  })
})
