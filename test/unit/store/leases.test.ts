import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, STORE_FILE } from '../../../electron/core/store'
import { Leases } from '../../../electron/core/store/processes/leases'
import { HEARTBEAT_STALE_MS, ProcessRegistry } from '../../../electron/core/store/processes/process-registry'

/** One holder as a process sees the store: its own connection, registration and clock. */
interface Holder {
  db: DatabaseSync
  processes: ProcessRegistry
  leases: Leases
}

describe('leases: one live process at a time holds a piece of work', () => {
  let dir: string
  let clock: number
  const open: DatabaseSync[] = []
  const now = () => clock

  function holder(): Holder {
    const db = openDatabase(join(dir, STORE_FILE))
    open.push(db)
    const processes = new ProcessRegistry(db, 'test', now)
    processes.register()
    return { db, processes, leases: new Leases(db, processes, now) }
  }

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'leases-'))
    clock = Date.parse('2025-03-01T12:00:00Z')
  })
  afterEach(async () => {
    for (const db of open.splice(0)) db.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('the second holder cannot take a lease the first holds while the first is alive and renewing', () => {
    const a = holder()
    const b = holder()
    expect(a.leases.tryTake('poll:w1')).toBe(true)
    // Well past the staleness bound in all, but the first beats and renews within every stretch of it.
    for (let i = 0; i < 5; i++) {
      clock += HEARTBEAT_STALE_MS - 1_000
      a.processes.beat()
      b.processes.beat()
      expect(a.leases.tryTake('poll:w1')).toBe(true)
      expect(b.leases.tryTake('poll:w1')).toBe(false)
    }
    // Another resource is free for the second holder.
    expect(b.leases.tryTake('poll:w2')).toBe(true)
    expect(a.leases.tryTake('poll:w2')).toBe(false)
  })

  it('the second holder takes the lease once the first stops beating for the staleness bound', () => {
    const a = holder()
    const b = holder()
    expect(a.leases.tryTake('poll:w1')).toBe(true)
    clock += HEARTBEAT_STALE_MS - 1
    expect(b.leases.tryTake('poll:w1')).toBe(false)
    clock += 2
    b.processes.beat()
    expect(b.leases.tryTake('poll:w1')).toBe(true)
    // Now the first one is the one turned away, even if it comes back to life.
    a.processes.beat()
    expect(a.leases.tryTake('poll:w1')).toBe(false)
  })

  it("a released lease, or all of a gone process's leases, are free at once", () => {
    const a = holder()
    const b = holder()
    expect(a.leases.tryTake('poll:w1')).toBe(true)
    expect(a.leases.tryTake('poll:w2')).toBe(true)
    b.leases.release('poll:w1') // only the holder's own release counts
    expect(b.leases.tryTake('poll:w1')).toBe(false)
    a.leases.release('poll:w1')
    expect(b.leases.tryTake('poll:w1')).toBe(true)
    expect(b.leases.tryTake('poll:w2')).toBe(false)
    b.leases.releaseAllOf(a.processes.token)
    expect(b.leases.tryTake('poll:w2')).toBe(true)
  })

  it('an unregistered holder (its process said goodbye) holds nothing', () => {
    const a = holder()
    const b = holder()
    expect(a.leases.tryTake('poll:w1')).toBe(true)
    a.processes.unregister()
    expect(b.leases.tryTake('poll:w1')).toBe(true)
  })
})
