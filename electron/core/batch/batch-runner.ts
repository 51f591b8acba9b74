import { setTimeout as delay } from 'node:timers/promises'
import { afterSomeSent } from '../disk-error'
import { DeskError } from '../errors'
import type { OutboxEntry } from '../payouts/outbox'
import type { PayoutRequests } from '../payouts/payout-requests'
import type { SendAsk } from '../payouts/send-gate'
import { batchRepo, type BatchRecord, type DeskStore } from '../store'
import { HEARTBEAT_EVERY_MS } from '../store/processes/process-registry'
import { batchLease, storedProgress, type BatchProgress } from './batch-progress'

export { progressOf, type BatchProgress } from './batch-progress'

export interface BatchRunnerOptions {
  onProgress?: (progress: BatchProgress) => void
  /** Rounds of looking up rows whose outcome is still unknown at the end of a run. */
  unknownRounds?: number
  /** Wait between those rounds. */
  unknownDelayMs?: number
  /**
   * Given, a batch another process holds is waited for until that claim lapses (the holder was killed and beats no
   * more), told here with the time it lapses; without it, or if the holder beats again, the run is refused as busy.
   */
  onClaimWait?: (lapse: Date) => void
}

const lease = batchLease
/**
 * A batch row passes the send gate like any payout; its destinations were checked at submit (no reads per row), and
 * the book's payee changes are read again once per tick (a run, and each minute of it) so a change made since is seen.
 */
const PAYEE_TICK_MS = 60_000

/** What a person may not do: move an entry another process (or a cancel) has moved meanwhile. */
function isStaleMove(err: unknown): boolean {
  return err instanceof DeskError && err.code === 'invalid_input'
}

/**
 * Sends a recorded batch in file order through the payouts' shared pacer, one process at a
 * time (a lease in the store). Every row goes under the key it was recorded with; a run picks up
 * where the last one stopped, after looking up the rows whose outcome nobody saw.
 */
export class BatchRunner {
  private tick: { ask: SendAsk; at: number } | null = null

  constructor(
    private readonly store: DeskStore,
    private readonly payouts: PayoutRequests,
    private readonly options: BatchRunnerOptions = {},
  ) {}

  get(batchId: string): BatchRecord {
    const batch = this.store.read('read the batch', () => this.store.repo(batchRepo).get(batchId))
    if (!batch) throw new DeskError('batch_not_found', `There is no batch ${batchId} in this profile.`)
    return batch
  }

  progress(batchId: string): BatchProgress {
    const batch = this.get(batchId)
    return storedProgress(this.store, batch)
  }

  /** Sends what is left of the batch; returns when every row is settled, or on pause, cancel or abort. */
  async run(batchId: string, signal?: AbortSignal): Promise<BatchProgress> {
    if (this.get(batchId).state !== 'running') return this.progress(batchId)
    await this.claim(batchId)
    let failure: unknown = null
    try {
      await this.sendAll(batchId, signal)
    } catch (err) {
      failure = err
    }
    try {
      this.store.read('release the batch', () => this.store.leases.release(lease(batchId)))
    } catch (err) {
      // The first failure is the one to report; a lease left behind is taken over once this process is gone.
      failure ??= err
    }
    if (failure !== null) throw this.stopped(failure, batchId)
    return this.report(batchId)
  }

  private async claim(batchId: string): Promise<void> {
    const take = () => this.store.read('claim the batch', () => this.store.leases.tryTake(lease(batchId)))
    const lapseAt = () => this.store.read('read the claim', () => this.store.leases.lapseAt(lease(batchId)))
    if (take()) return
    const lapse = lapseAt()
    if (this.options.onClaimWait && lapse !== null) {
      this.options.onClaimWait(new Date(lapse))
      for (;;) {
        await delay(Math.min(HEARTBEAT_EVERY_MS, Math.max(50, lapse - Date.now() + 50)))
        if (take()) return
        // A later lapse means the holder beat again: it is alive and sending.
        if ((lapseAt() ?? lapse) > lapse) break
      }
    }
    throw new DeskError(
      'batch_busy',
      'Another Payout Desk process is sending this batch right now; its progress shows here as it goes.',
    )
  }

  private async batchSend(): Promise<SendAsk> {
    if (!this.tick || Date.now() - this.tick.at > PAYEE_TICK_MS)
      this.tick = { ask: { how: 'batch', payeeChanges: await this.payouts.payeeChangeTick() }, at: Date.now() }
    return this.tick.ask
  }

  private async sendAll(batchId: string, signal?: AbortSignal): Promise<void> {
    this.tick = null
    // Outcomes nobody saw (a crash, a kill, a lost answer) are looked up by key before anything new is sent.
    for (const entry of this.payouts.outbox.ofBatch(batchId)) {
      if (entry.state === 'unknown') await this.settle(entry.idempotencyKey)
    }
    this.report(batchId)
    for (const entry of this.payouts.outbox.ofBatch(batchId)) {
      if (signal?.aborted || this.get(batchId).state !== 'running') break
      if (entry.state !== 'queued') continue
      await this.sendRow(entry, batchId, signal)
      // Counting the batch reads all its rows: done per row only for someone who listens (the CLI's progress lines).
      if (this.options.onProgress) this.report(batchId)
    }
    await this.settleLeftovers(batchId, signal)
  }

  /** A run that failed part way says how many rows had gone out, so nobody submits the file again under new keys. */
  private stopped(err: unknown, batchId: string): unknown {
    if (!(err instanceof DeskError)) return err
    const resume = `"payout-desk batch resume ${batchId}" (Resume in the app) sends the rest under their recorded keys`
    let p: BatchProgress
    try {
      p = this.progress(batchId)
    } catch {
      return afterSomeSent(
        err,
        `Rows of this batch may have been sent before it stopped: do not submit the file again; ${resume}.`,
      )
    }
    if (p.sent === 0) return err
    return afterSomeSent(
      err,
      `${p.sent} of the batch's ${p.total} rows were sent before it stopped: do not submit the file again; ${resume}.`,
    )
  }

  pause(batchId: string): BatchProgress {
    this.setIntent(batchId, 'paused')
    return this.report(batchId)
  }

  /** Marks the batch running again and sends the rest. */
  async resume(batchId: string, signal?: AbortSignal): Promise<BatchProgress> {
    this.reopen(batchId)
    return this.run(batchId, signal)
  }

  /** A paused batch is running again (a cancelled one never is); the caller starts the run. */
  reopen(batchId: string): void {
    const batch = this.get(batchId)
    if (batch.state === 'cancelled')
      throw new DeskError(
        'invalid_input',
        'This batch was cancelled; its unsent rows were discarded and cannot be sent.',
      )
    if (batch.state === 'paused') this.setIntent(batchId, 'running')
  }

  /**
   * The rows not yet sent are discarded; rows already sent keep their outcome (cancel those in the provider's terms).
   */
  async cancel(batchId: string): Promise<BatchProgress> {
    this.setIntent(batchId, 'cancelled')
    for (const entry of this.payouts.outbox.ofBatch(batchId)) {
      if (entry.state !== 'queued') continue
      try {
        await this.payouts.outbox.mark(entry.idempotencyKey, 'discarded')
      } catch (err) {
        // The runner took the row an instant earlier: it is being sent and keeps its outcome.
        if (!isStaleMove(err)) throw err
      }
    }
    return this.report(batchId)
  }

  /** Every batch a person left running and that still has rows to send or look up (start-up, after a crash). */
  unfinished(): BatchRecord[] {
    return this.store
      .read('read the batches', () => this.store.repo(batchRepo).list())
      .filter((b) => b.state === 'running' && !this.progress(b.id).finished)
  }

  /**
   * A row the provider asked to wait for (it is queued again with a not-before time) holds the
   * batch there: file order is kept, and the row goes again under its key once the time has come.
   */
  private async sendRow(entry: OutboxEntry, batchId: string, signal?: AbortSignal): Promise<void> {
    try {
      let result = await this.payouts.sendRecorded(entry.idempotencyKey, await this.batchSend())
      while (result.entry.state === 'queued' && !signal?.aborted && this.get(batchId).state === 'running') {
        await waitUntil(result.entry.notBefore, signal)
        if (signal?.aborted || this.get(batchId).state !== 'running') return
        result = await this.payouts.sendRecorded(entry.idempotencyKey, await this.batchSend())
      }
      if (result.entry.state === 'unknown') await this.settle(entry.idempotencyKey)
    } catch (err) {
      if (!isStaleMove(err)) throw err
    }
  }

  /** Looks an unknown row up by its key; one the provider never recorded is sent again under that same key. */
  private async settle(key: string): Promise<OutboxEntry> {
    try {
      const entry = await this.payouts.checkAgain(key)
      if (entry.state !== 'unknown' || entry.error?.code !== 'not_recorded') return entry
      return (await this.payouts.resend(key, { ...(await this.batchSend()), how: 'batch' })).entry
    } catch (err) {
      // Another process (the app's start-up lookup) settled the row first.
      if (isStaleMove(err)) return this.payouts.outbox.get(key)
      throw err
    }
  }

  private async settleLeftovers(batchId: string, signal?: AbortSignal): Promise<void> {
    const rounds = this.options.unknownRounds ?? 5
    for (let round = 0; round < rounds && !signal?.aborted; round++) {
      const unknown = this.payouts.outbox.ofBatch(batchId).filter((e) => e.state === 'unknown')
      if (unknown.length === 0) return
      await new Promise((resolve) => setTimeout(resolve, this.options.unknownDelayMs ?? 2_000))
      for (const entry of unknown) await this.settle(entry.idempotencyKey)
      this.report(batchId)
    }
  }

  private setIntent(batchId: string, state: BatchRecord['state']): void {
    const batch = this.get(batchId)
    if (batch.state === 'cancelled' && state !== 'cancelled')
      throw new DeskError('invalid_input', 'This batch was cancelled.')
    this.store.transaction(`mark the batch ${state}`, () => this.store.repo(batchRepo).setState(batchId, state))
  }

  private report(batchId: string): BatchProgress {
    const progress = this.progress(batchId)
    this.options.onProgress?.(progress)
    return progress
  }
}

/** Sleeps until an ISO time (a little at a time, so a pause or an abort is seen), or not at all when there is none. */
async function waitUntil(iso: string | null, signal?: AbortSignal): Promise<void> {
  const until = iso === null ? 0 : Date.parse(iso)
  while (!signal?.aborted && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, until - Date.now())))
  }
}
