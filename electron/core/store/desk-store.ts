import { join } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import type { Withdrawal } from '../../../shared/api/resources'
import type { PacerLedger } from '../api/pacer'
import { AuditChain } from './audit/audit-chain'
import { openDatabase, openSnapshotConnection, openUnsyncedConnection } from './database'
import { Leases } from './processes/leases'
import { OutboxRepo } from './outbox/outbox-repo'
import { StorePacerLedger } from './pacing/pacer-ledger'
import { HEARTBEAT_EVERY_MS, ProcessRegistry, type ProcessRole } from './processes/process-registry'
import type { RepoFactory } from './repo-factory'
import { storeError } from './store-errors'
import { inTransaction } from './transaction'
import { WithdrawalCache } from './payouts/withdrawal-cache'
import { ChangeTeller } from './change-teller'
import { statement } from './statement-cache'
import { rowOf } from './scalar-rows'

const OutcomeMarkRow = z.object({ id: z.number() })
const DataVersionRow = z.object({ data_version: z.number() })

export const STORE_FILE = 'desk.db'

/** How often a process looks for the others' commits; the issue's bound is 2 s. */
export const WATCH_EVERY_MS = 500

export interface StoreOptions {
  /** How long a write waits for another process's transaction; tests shorten the default 10 s. */
  busyTimeoutMs?: number
}

/**
 * One profile's database as one process sees it: the outbox, the audit chain, the shared pacer,
 * leases and caches, with its own registration so the others can tell it is alive.
 */
export class DeskStore {
  readonly outbox: OutboxRepo
  readonly audit: AuditChain
  readonly leases: Leases
  readonly withdrawals: WithdrawalCache
  private readonly timers: NodeJS.Timeout[] = []
  private readonly outboxChanges = new ChangeTeller()
  private readonly tickListeners = new Set<() => void>()
  private readonly withdrawalListeners = new Set<(withdrawals: Withdrawal[]) => void>()
  private withdrawalMark = 0
  private readonly repos = new Map<RepoFactory<unknown>, unknown>()
  private pacerDb: DatabaseSync | null = null
  private lastDataVersion = -1
  private lastOutcome = -1
  private closed = false

  private constructor(
    readonly file: string,
    private readonly db: DatabaseSync,
    readonly processes: ProcessRegistry,
    private readonly options: StoreOptions,
  ) {
    this.outbox = new OutboxRepo(db)
    this.audit = new AuditChain(db)
    this.leases = new Leases(db, processes)
    this.withdrawals = new WithdrawalCache(db, processes.token, this.audit)
  }

  /**
   * Opens `<dir>/desk.db`; throws a specific DeskError (disk_full, store_corrupt, store_too_new, ...) naming the file.
   */
  static open(dir: string, role: ProcessRole, options: StoreOptions = {}): DeskStore {
    const file = join(dir, STORE_FILE)
    const db = openDatabase(file, undefined, options.busyTimeoutMs)
    const processes = new ProcessRegistry(db, role)
    try {
      processes.register()
    } catch (err) {
      db.close()
      throw storeError(err, file, 'register this process in the profile database')
    }
    const store = new DeskStore(file, db, processes, options)
    store.lastOutcome = store.outcomeMark()
    store.withdrawalMark = store.withdrawals.changeMark()
    store.reclaim()
    store.timers.push(
      setInterval(() => store.watch(), WATCH_EVERY_MS),
      setInterval(() => store.beat(), HEARTBEAT_EVERY_MS),
    )
    for (const t of store.timers) t.unref()
    return store
  }

  /** Runs `work` in one write transaction; a failure becomes an error that names the file and says what to do. */
  transaction<T>(doing: string, work: () => T): T {
    try {
      const result = inTransaction(this.db, work)
      this.noticeOwnChange()
      return result
    } catch (err) {
      throw storeError(err, this.file, doing)
    }
  }

  /**
   * A write transaction whose commit does not wait for the disk: for a row that records what already happened (a
   * request's audit line), where waiting would double a payout's disk waits. The WAL is written in order, so the row
   * reaches the disk with the next ordinary commit (a payout's next move, right after its answer); a crashed or killed
   * process loses nothing, a power cut at most the rows since.
   */
  transactionUnsynced<T>(doing: string, work: () => T): T {
    if (this.db.isTransaction) return this.transaction(doing, work)
    this.db.exec('PRAGMA synchronous = NORMAL')
    try {
      return this.transaction(doing, work)
    } finally {
      this.db.exec('PRAGMA synchronous = FULL')
    }
  }

  /** A read (or a single-statement write) with the same error mapping. */
  read<T>(doing: string, work: () => T): T {
    try {
      return work()
    } catch (err) {
      throw storeError(err, this.file, doing)
    }
  }

  /** Runs `work` once per database (a legacy import): the mark and the work commit together. */
  once(name: string, work: () => void): boolean {
    return this.transaction(`run "${name}"`, () => {
      if (statement(this.db, 'SELECT 1 FROM meta WHERE name = ?').get(name)) return false
      work()
      statement(this.db, 'INSERT INTO meta (name, value) VALUES (?, ?)').run(name, new Date().toISOString())
      return true
    })
  }

  /**
   * Reads that span awaits (a report, an export) through a repository of their own over one unchanging view of
   * the database: no commit made after it began, by a sync step of this process or by another process, shows up
   * half-way. Writers go on meanwhile (WAL); the view ends with `work`.
   */
  async snapshot<R, T>(make: RepoFactory<R>, doing: string, work: (repo: R) => Promise<T>): Promise<T> {
    let db: DatabaseSync
    try {
      db = openSnapshotConnection(this.file)
    } catch (err) {
      throw storeError(err, this.file, doing)
    }
    try {
      return await work(make(db, this.processes.token))
    } finally {
      db.close()
    }
  }

  /** A repository of a store folder's own (ledger, batches, policy) over this connection, made once per store. */
  repo<T>(make: RepoFactory<T>): T {
    if (!this.repos.has(make)) this.repos.set(make, make(this.db, this.processes.token))
    return this.repos.get(make) as T
  }

  /** The shared request log of one provider origin and Key ID, on the connection that does not wait for the disk. */
  pacerLedger(baseUrl: string, keyId: string): PacerLedger {
    this.pacerDb ??= openUnsyncedConnection(this.file, this.options.busyTimeoutMs)
    return new StorePacerLedger(this.pacerDb, `${new URL(baseUrl).origin}|${keyId}`, this.processes.token)
  }

  /** Fires when the outbox changed, in this process or another (a burst of changes is told every 100 ms). */
  onOutboxChange(listener: () => void): () => void {
    return this.outboxChanges.add(listener)
  }

  /**
   * Fires with the payouts another process (the CLI, the connector) wrote to the withdrawal cache since the last look.
   */
  onOthersWithdrawals(listener: (withdrawals: Withdrawal[]) => void): () => void {
    this.withdrawalListeners.add(listener)
    return () => this.withdrawalListeners.delete(listener)
  }

  /** Fires every heartbeat: the time to look for processes that are gone. */
  onTick(listener: () => void): () => void {
    this.tickListeners.add(listener)
    return () => this.tickListeners.delete(listener)
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    for (const t of this.timers) clearInterval(t)
    this.outboxChanges.close()
    try {
      this.leases.releaseAllOf(this.processes.token)
      this.processes.unregister()
    } catch {
      // a store that cannot be written at exit is reclaimed by the others from the dead pid
    }
    this.pacerDb?.close()
    this.db.close()
  }

  /** What a dead process held: its in-flight pacer slots end now (they still count for a window), its leases go. */
  reclaim(): void {
    const dead = this.processes.deadTokens()
    if (dead.length === 0) return
    const now = Date.now()
    inTransaction(this.db, () => {
      for (const token of dead) {
        statement(this.db, 'UPDATE pacer_slots SET ended_ms = ? WHERE process = ? AND ended_ms IS NULL').run(now, token)
        this.leases.releaseAllOf(token)
      }
      this.processes.forget(dead)
    })
  }

  private outcomeMark(): number {
    const row = statement(this.db, 'SELECT COALESCE(MAX(id), 0) AS id FROM outbox_outcomes').get()
    return rowOf(OutcomeMarkRow, row, 'outbox_outcomes').id
  }

  private noticeOwnChange(): void {
    const mark = this.outcomeMark()
    if (mark === this.lastOutcome) return
    this.lastOutcome = mark
    this.outboxChanges.changed()
  }

  private noticeOthersWithdrawals(): void {
    // Only a host that announces them (the app) reads the bodies; the others only keep their place.
    if (this.withdrawalListeners.size === 0) {
      this.withdrawalMark = this.withdrawals.changeMark()
      return
    }
    const { withdrawals, mark } = this.withdrawals.changedSince(this.withdrawalMark)
    this.withdrawalMark = mark
    if (withdrawals.length > 0) for (const l of this.withdrawalListeners) l(withdrawals)
  }

  private watch(): void {
    if (this.closed) return
    try {
      // data_version moves only when another connection commits: a cheap "anything new?" check.
      const version = rowOf(
        DataVersionRow,
        statement(this.db, 'PRAGMA data_version').get(),
        'data_version',
      ).data_version
      if (version === this.lastDataVersion) return
      this.lastDataVersion = version
      this.noticeOwnChange()
      this.noticeOthersWithdrawals()
    } catch {
      // a busy or failing disk is retried on the next tick; the user's own actions report errors
    }
  }

  private beat(): void {
    if (this.closed) return
    try {
      this.processes.beat()
      this.reclaim()
      for (const l of this.tickListeners) l()
    } catch {
      // as above: the next beat tries again
    }
  }
}
