import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { AuditLog, type AuditLine } from '../../../electron/core/audit/audit-log'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { PayoutRequests } from '../../../electron/core/payouts/payout-requests'
import { DeskStore, STORE_FILE } from '../../../electron/core/store'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall, makeClient, requestLog, setupWorkspace, type Workspace } from '../../harness/api-fixture'
import { canMount, emptyDisk, fillDisk, smallDisk, unmountSmallDisks } from '../../harness/small-disk'

let base: string
let sim: Awaited<ReturnType<typeof startSimulator>>
let ws: Workspace

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'audit-write-'))
  sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  ws = await setupWorkspace(sim.sandbox.url)
})
afterAll(async () => {
  unmountSmallDisks()
  await ws.client.sender.close()
  await sim.close()
  await rm(base, { recursive: true, force: true })
})

describe('the audit log when its write fails', () => {
  it('a failure inside the transaction that records a payout leaves neither the outbox row nor its audit row, and sends nothing', async () => {
    const dir = join(base, 'decision')
    const store = DeskStore.open(dir, 'test')
    const outbox = Outbox.open(store)
    // The audit row is written after the outbox row in the same transaction; here it fails, as a disk filling in between would.
    const other = new DatabaseSync(join(dir, STORE_FILE))
    other.exec("CREATE TRIGGER fail_audit BEFORE INSERT ON audit BEGIN SELECT RAISE(ABORT, 'no space for the audit row'); END")
    const before = (await requestLog(sim.sandbox.url)).filter((r) => r.method === 'POST').length
    await expect(new PayoutRequests(outbox, ws.client).request({ ...ws.target, amount: '1.00' }, 'app')).rejects.toMatchObject({
      message: expect.stringContaining('record the payout'),
    })
    expect((await requestLog(sim.sandbox.url)).filter((r) => r.method === 'POST').length).toBe(before)
    expect(other.prepare('SELECT COUNT(*) AS n FROM outbox').get()).toEqual(expect.objectContaining({ n: 0 }))
    expect(other.prepare('SELECT COUNT(*) AS n FROM outbox_outcomes').get()).toEqual(expect.objectContaining({ n: 0 }))
    expect(other.prepare('SELECT COUNT(*) AS n FROM audit').get()).toEqual(expect.objectContaining({ n: 0 }))
    other.close()
    store.close()
  })

  it.runIf(canMount)('the disk full at the attempt\'s audit row: one stderr line with disk_full, and the outbox still records the payout accepted', async () => {
    const dir = smallDisk(2048)
    const store = DeskStore.open(dir, 'test')
    const audit = new AuditLog(store, 'app')
    // The disk fills after the outbox committed the payout and its request went out, just before the attempt's row.
    const client = makeClient(sim.sandbox.url, ws.key.signer, {
      audit: {
        record: (line: AuditLine) => {
          if (line.method === 'POST') fillDisk(dir)
          audit.record(line)
        },
      },
    })
    const logged: string[] = []
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      if (!String(chunk).startsWith('payout-desk: audit log')) return true // the test runner's own output
      logged.push(String(chunk))
      emptyDisk(dir) // space comes back before the outcome is written
      return true
    })
    try {
      const result = await new PayoutRequests(Outbox.open(store), client).request({ ...ws.target, amount: '5.00' }, 'app')
      stderr.mockRestore()
      expect(result.entry).toMatchObject({ state: 'accepted', withdrawalId: result.withdrawal!.id })
      expect(logged).toEqual([expect.stringMatching(new RegExp(`^payout-desk: audit log: disk_full: Could not write the audit log: the disk holding ${join(dir, STORE_FILE).replace(/[/.-]/g, '\\$&')} is full.*\n$`))])
      // Nothing half-applied: the chain holds the decision and no attempt row, and still verifies.
      expect(store.audit.tail(10).map((e) => e.path)).toEqual(['payout.recorded'])
      expect(store.audit.verify()).toMatchObject({ ok: true })
      const recorded = await consoleCall<Array<{ id: string }>>(sim.sandbox.url, 'GET', 'withdrawals')
      expect(recorded.filter((w) => w.id === result.withdrawal!.id)).toHaveLength(1)
    } finally {
      stderr.mockRestore()
      await client.sender.close()
      store.close()
    }
  })
})
