import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localPerson } from '../../../electron/core/audit/use-cases'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { addRun } from '../../../electron/core/pay-runs/run-book'
import { readRunLines } from '../../../electron/core/pay-runs/run-lines'
import { profileDir } from '../../../electron/core/profiles'
import { DeskStore } from '../../../electron/core/store'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { setupBatchWorkspace, type BatchWorkspace } from '../../harness/batch-fixture'
import { closeDeskRig, registerProfileKey } from '../../harness/ipc-desk'
import { MemorySecretStore } from '../../harness/memory-secret-store'
import { auditText } from '../../harness/store-reader'

// The app's pay-run sends, invoices and key changes name the person at the desk in the audit chain, through the real
// router, lock, people file, simulator and store; a desk without people names the OS user, as payouts do.
let sim: RunningSimulator
let ws: BatchWorkspace
let dir: string
let desk: Desk
let profileId: string

const call: Desk['router']['call'] = (channel, input) => desk.router.call(channel, input)
interface Row {
  path: string
  actor: string
  idempotencyKey: string | null
  detail: Record<string, unknown>
}
const rows = () =>
  auditText(profileDir(dir, profileId))
    .split('\n')
    .map((l) => JSON.parse(l) as Row)
const last = (path: string) => rows().findLast((r) => r.path === path)
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n`).toString('base64')

/** Each act the issue names, done from the app: a run's period sent, a line invoice, a payout invoice, a rotation. */
async function act(period: string, invoiceNumber: string) {
  const sent = await call('payRuns.send', {
    name: 'Weekly',
    period,
    confirmFirstPayouts: true,
    confirmDuplicates: true,
    retypedTotal: null,
  })
  expect(sent).toMatchObject({ period, busy: false })
  const [line] = (await call('payRuns.preview', { name: 'Weekly', period })).lines
  await call('payRuns.invoice', {
    name: 'Weekly',
    period,
    line: line!.lineId,
    number: `${invoiceNumber}-L`,
    base64: pdf('line'),
    confirmRepeat: false,
  })
  const { entry } = await call('payouts.request', { ...ws.target, amount: '1' })
  await call('invoices.attach', {
    ref: entry.idempotencyKey,
    base64: pdf(invoiceNumber),
    number: invoiceNumber,
    amount: null,
    due: null,
    confirmRepeat: false,
  })
  await call('keys.rotate', { profileId })
  return {
    payout: rows().find((r) => r.idempotencyKey === entry.idempotencyKey)?.actor,
    sent: last('payrun.sent')?.actor,
    lineInvoice: last('payrun.invoice_recorded')?.actor,
    attached: last('invoice.attached')?.actor,
    rotation: last('key.rotation_started')?.detail.by,
  }
}

beforeAll(async () => {
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  ws = await setupBatchWorkspace(sim.sandbox.url)
  dir = await mkdtemp(join(tmpdir(), 'app-actor-'))
  desk = await createDesk({ dataDir: dir, shell: 'test', version: '0.0.0', secretStore: new MemorySecretStore() })
  profileId = (
    await call('profiles.create', {
      name: 'Ops',
      environment: 'sandbox',
      baseUrl: sim.sandbox.url,
      algorithm: 'ed25519',
    })
  ).id
  await registerProfileKey(desk, sim.sandbox.url, ws.workspaceId, profileId)
  await call('profiles.select', { profileId })
  const store = DeskStore.open(profileDir(dir, profileId), 'cli')
  const lines = readRunLines(`destination,amount,asset,wallet,reference\nAlice GmbH,1,USDC,${ws.walletId},Alice\n`)
  addRun(store, { name: 'Weekly', schedule: 'DTSTART:20261106T000000Z\nRRULE:FREQ=WEEKLY;BYDAY=FR', lines }, 'test')
  store.close()
}, 120_000)
afterAll(() => closeDeskRig({ desk, ws, sim, dir }))

describe('the app names the person who acts', () => {
  it('a desk without people names the OS user, as its payouts do', { timeout: 120_000 }, async () => {
    const app = `app (${localPerson()})`
    expect(await act('2026-11-13', 'INV-1')).toEqual({
      payout: app,
      sent: app,
      lineInvoice: app,
      attached: app,
      rotation: localPerson(),
    })
    await call('keys.cancelRotation', { profileId })
  })

  it('with people, the person at the desk is named, not the OS user', { timeout: 120_000 }, async () => {
    await call('people.add', { name: 'Ada', role: 'admin', passphrase: 'ada passphrase' })
    await call('people.add', {
      name: 'Tom',
      role: 'admin',
      passphrase: 'tom passphrase',
      yourPassphrase: 'ada passphrase',
    })
    await call('lock.lock', {})
    await call('lock.unlock', { name: 'Tom', passphrase: 'tom passphrase' })
    expect(await act('2026-11-20', 'INV-2')).toEqual({
      payout: 'app (Tom)',
      sent: 'app (Tom)',
      lineInvoice: 'app (Tom)',
      attached: 'app (Tom)',
      rotation: 'Tom',
    })
  })
})
