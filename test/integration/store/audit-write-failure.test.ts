import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it, vi } from 'vitest'
import type { AuditLine } from '../../../electron/core/api/audit-sink'
import { AuditLog } from '../../../electron/core/audit/audit-log'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { PayoutRequests } from '../../../electron/core/payouts/payout-requests'
import { DeskStore, STORE_FILE } from '../../../electron/core/store'
import { consoleCall, makeClient, requestLog } from '../../harness/api-fixture'
import { useScratchSimulator } from '../../harness/scratch-simulator'
import { canMount, emptyDisk, fillDisk, smallDisk } from '../../harness/small-disk'

const rig = useScratchSimulator('audit-write-')

describe('the audit log when its write fails', () => {
  it('a failure inside the transaction that records a payout leaves neither the outbox row nor its audit row, and sends nothing', async () => {
    const dir = join(rig.base, 'decision')
    const store = DeskStore.open(dir, 'test')
    const outbox = Outbox.open(store)
    // The audit row is written after the outbox row in the same transaction; here it fails, as a disk filling in
    // between would.
    const other = new DatabaseSync(join(dir, STORE_FILE))
    other.exec(
      "CREATE TRIGGER fail_audit BEFORE INSERT ON audit BEGIN SELECT RAISE(ABORT, 'no space for the audit row'); END",
    )
    const before = (await requestLog(rig.sim.sandbox.url)).filter((r) => r.method === 'POST').length
    await expect(
      new PayoutRequests(outbox, rig.ws.client).request({ ...rig.ws.target, amount: '1.00' }, { requestedBy: 'app' }),
    ).rejects.toMatchObject({
      message: expect.stringContaining('record the payout'),
    })
    expect((await requestLog(rig.sim.sandbox.url)).filter((r) => r.method === 'POST').length).toBe(before)
    expect(other.prepare('SELECT COUNT(*) AS n FROM outbox').get()).toEqual(expect.objectContaining({ n: 0 }))
    expect(other.prepare('SELECT COUNT(*) AS n FROM outbox_outcomes').get()).toEqual(expect.objectContaining({ n: 0 }))
    expect(other.prepare('SELECT COUNT(*) AS n FROM audit').get()).toEqual(expect.objectContaining({ n: 0 }))
    other.close()
    store.close()
  })

  it.runIf(canMount)(
    "the disk full at the attempt's audit row: one stderr line with disk_full, and the outbox still records the payout accepted",
    async () => {
      const dir = smallDisk(2048)
      const store = DeskStore.open(dir, 'test')
      const audit = new AuditLog(store, 'app')
      // The disk fills after the outbox committed the payout and its request went out, just before the attempt's row.
      const client = makeClient(rig.sim.sandbox.url, rig.ws.key.signer, {
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
        const result = await new PayoutRequests(Outbox.open(store), client).request(
          { ...rig.ws.target, amount: '5.00' },
          { requestedBy: 'app' },
        )
        stderr.mockRestore()
        expect(result.entry).toMatchObject({ state: 'accepted', withdrawalId: result.withdrawal!.id })
        expect(logged).toEqual([
          expect.stringMatching(
            new RegExp(
              `^payout-desk: audit log: disk_full: Could not write the audit log: the disk holding ${join(dir, STORE_FILE).replace(/[/.-]/g, '\\$&')} is full.*\n$`,
            ),
          ),
        ])
        // The line is about a request already made, so it never says nothing was sent (a batch's next line says what
        // was).
        expect(logged[0]).not.toMatch(/nothing was sent/)
        expect(logged[0]).toContain('The request it records was made')
        // Nothing half-applied: the chain holds the decision and no attempt row, and still verifies.
        expect(store.audit.tail(10).map((e) => e.path)).toEqual(['payout.recorded'])
        expect(store.audit.verify()).toMatchObject({ ok: true })
        const recorded = await consoleCall<Array<{ id: string }>>(rig.sim.sandbox.url, 'GET', 'withdrawals')
        expect(recorded.filter((w) => w.id === result.withdrawal!.id)).toHaveLength(1)
      } finally {
        stderr.mockRestore()
        await client.sender.close()
        store.close()
      }
    },
  )

  it.runIf(canMount)(
    'a disk still full when the acceptance is written: the caller hears the payout went out, and the record catches up on reopening',
    async () => {
      const dir = smallDisk(2048)
      let store = DeskStore.open(dir, 'test')
      // The disk fills once the request is out and stays full: neither the attempt's audit row nor the acceptance fits.
      const client = makeClient(rig.sim.sandbox.url, rig.ws.key.signer, {
        audit: { record: (line: AuditLine) => void (line.method === 'POST' && fillDisk(dir)) },
      })
      const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
      try {
        const failure = await new PayoutRequests(Outbox.open(store), client)
          .request({ ...rig.ws.target, amount: '6.00' }, { requestedBy: 'app' })
          .then(
            () => null,
            (err: unknown) => err as { code: string; message: string },
          )
        const recorded = (
          await consoleCall<Array<{ id: string; amount: string }>>(rig.sim.sandbox.url, 'GET', 'withdrawals')
        ).filter((w) => w.amount === '6.00')
        expect(recorded).toHaveLength(1)
        // Told "nothing was sent", a person would request it again, under a new key: a second payout.
        expect(failure?.code).toBe('disk_full')
        expect(failure?.message).not.toMatch(/nothing was sent/)
        expect(failure?.message).toContain(`The provider accepted this payout (${recorded[0]!.id})`)
        expect(failure?.message).toMatch(/Do not request it again/)

        // Space comes back; the profile is closed and opened again (as on the app's next start).
        emptyDisk(dir)
        store.close()
        store = DeskStore.open(dir, 'test')
        const reopened = new PayoutRequests(Outbox.open(store), client)
        await reopened.resolveUnknown()
        expect(reopened.outbox.list()).toEqual([
          expect.objectContaining({ state: 'accepted', withdrawalId: recorded[0]!.id }),
        ])
        expect(
          (await consoleCall<Array<{ amount: string }>>(rig.sim.sandbox.url, 'GET', 'withdrawals')).filter(
            (w) => w.amount === '6.00',
          ),
        ).toHaveLength(1)
      } finally {
        stderr.mockRestore()
        await client.sender.close()
        store.close()
      }
    },
  )
})
