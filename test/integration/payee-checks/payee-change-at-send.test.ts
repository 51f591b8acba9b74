import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { checkBatch, recordBatch, sendBatch } from '../../../electron/core/batch/use-cases'
import { confirmPayeeChange, setPayeeChangeWait } from '../../../electron/core/payee-checks/use-cases'
import { addRun } from '../../../electron/core/pay-runs/run-book'
import { readRunLines } from '../../../electron/core/pay-runs/run-lines'
import { sendRun } from '../../../electron/core/pay-runs/run-send'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { PayoutRequests } from '../../../electron/core/payouts/payout-requests'
import { DeskStore } from '../../../electron/core/store'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { consoleCall } from '../../harness/api-fixture'
import { batchCsv, setupBatchWorkspace, type BatchWorkspace } from '../../harness/batch-fixture'

/**
 * A payee change is decided when a batch row or a pay run's line is sent, not only when its file was checked and
 * recorded: the book's payee changes are read once for the sending tick, and a row to one that is not settled now is
 * refused with the payee-change reason while the others go.
 */
let sim: RunningSimulator
let ws: BatchWorkspace
let dir: string
let store: DeskStore
let session: { store: DeskStore; client: BatchWorkspace['client']; payouts: PayoutRequests }
let bobNew: string

beforeAll(async () => {
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  ws = await setupBatchWorkspace(sim.sandbox.url, '10')
  dir = await mkdtemp(join(tmpdir(), 'payee-change-at-send-'))
  store = DeskStore.open(dir, 'test')
  session = { store, client: ws.client, payouts: new PayoutRequests(Outbox.open(store), ws.client) }
  // "Bob Ltd" already has an address in the book: this second one is a payee change.
  bobNew = '0x' + randomBytes(20).toString('hex')
  const { counterparty } = await ws.client.createCounterparty({
    network: 'ethereum-sepolia',
    address: bobNew,
    counterparty_type: 'company',
    company_name: 'Bob Ltd',
    wallet_type: 'unhosted',
    country: 'DE',
    label: 'Bob Ltd new bank',
  })
  await consoleCall(sim.sandbox.url, 'POST', `counterparties/${counterparty.id}/verify`)
  const book = await ws.client.listCounterparties()
  confirmPayeeChange(store, book, counterparty.id, { by: 'Dana Ruiz', channel: 'phone', note: 'Called', actor: 'test' })
}, 60_000)
afterAll(async () => {
  store?.close()
  await ws?.client.sender.close()
  await sim?.close()
  await rm(dir, { recursive: true, force: true })
})

const rows = () => [ws.destinations[0]!.address, bobNew, ws.destinations[2]!.address]
// Said once: the gate's refusal and the payee check's reason both began with "Not sent:" ("Not sent: … Not sent: …").
const refusedAtSend =
  /(?:^|: )Not sent: stopped by the rule payee_change at the moment of sending\. New address for Bob Ltd, added less than an hour ago, confirmed, waiting until (?!.*Not sent)/

it('a batch row whose payee change is no longer settled when it is sent is refused; the others go', async () => {
  // Confirmed and no waiting period when the batch is checked and recorded: the row passes then.
  setPayeeChangeWait(store, 0)
  const csv = batchCsv(rows().map((destination) => ({ destination, amount: '1', wallet: ws.walletId })))
  const check = await checkBatch(session, csv)
  expect(check.problems).toEqual([])
  const batch = await recordBatch(session, check, {
    source: 'test',
    requestedBy: 'test',
    confirmDuplicates: false,
    confirmFirstPayouts: true,
    retypedTotal: null,
    production: false,
  })
  // The profile's waiting period is set to a day before the rows are sent: the new address waits again.
  setPayeeChangeWait(store, 24)
  const progress = await sendBatch(session, batch.id, false)
  expect(progress).toMatchObject({ total: 3, accepted: 2, refused: 1 })
  const byDestination = new Map(session.payouts.outbox.ofBatch(batch.id).map((e) => [e.body.destination, e]))
  expect(byDestination.get(bobNew)).toMatchObject({
    state: 'refused',
    error: { code: 'payee_change_unconfirmed', rule: 'payee_change', message: expect.stringMatching(refusedAtSend) },
  })
  for (const other of [rows()[0]!, rows()[2]!]) expect(byDestination.get(other)?.state).toBe('accepted')
})

it("a pay run's line whose payee change is no longer settled when the period is sent is refused", async () => {
  setPayeeChangeWait(store, 0)
  const [alice, , carol] = rows()
  const lines = readRunLines(
    `destination,amount,asset,wallet,reference\n${alice},1,USDC,${ws.walletId},Alice\n` +
      `${bobNew},1,USDC,${ws.walletId},Bob\n${carol},1,USDC,${ws.walletId},Carol\n`,
  )
  addRun(store, { name: 'Weekly', schedule: 'DTSTART:20261106T000000Z\nRRULE:FREQ=WEEKLY;BYDAY=FR', lines }, 'test')
  const sent = await sendRun(session, 'Weekly', {
    actor: 'test',
    production: false,
    retypedTotal: null,
    confirmDuplicates: false,
    // The period was previewed with the change settled; the wait goes up before its lines are recorded and sent.
    confirm: async () => {
      setPayeeChangeWait(store, 24)
      return { go: true, retypedTotal: null, confirmDuplicates: false }
    },
  })
  expect(sent.progress).toMatchObject({ total: 3, accepted: 2, refused: 1 })
  const bob = sent.rows.find((r) => r.payee === 'Bob')!
  expect(bob).toMatchObject({ state: 'refused', error: expect.stringMatching(refusedAtSend) })
})
