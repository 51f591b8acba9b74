import type { ApiClient } from '../api/api-client'
import type { PayoutRequests } from '../payouts/payout-requests'
import type { BatchRecord, DeskStore } from '../store'
import type { BatchCheck } from './batch-check'
import type { FirstPayoutRow } from './batch-first-payouts'
import { BatchRunner, type BatchProgress } from './batch-runner'
import { checkBatch, recordBatch, type RecordOptions } from './use-cases'

export interface BatchSubmitRequest extends RecordOptions {
  input: Uint8Array | string
  wallet?: string
}

/**
 * The open profile's batches in the app: sends each in the background (one run per batch at a
 * time), picks up the ones a crash or a quit left unfinished, and stops sending when the session closes.
 */
export class BatchService {
  readonly runner: BatchRunner
  private readonly runs = new Map<string, Promise<void>>()
  /** Batches resumed while their previous run was still winding down: run again when it ends. */
  private readonly again = new Set<string>()
  private readonly stopping = new AbortController()

  constructor(
    private readonly store: DeskStore,
    private readonly payouts: PayoutRequests,
    private readonly client: Pick<ApiClient, 'listWallets' | 'listCounterparties'>,
  ) {
    this.runner = new BatchRunner(store, payouts)
  }

  /** The file checked, with the destinations it would pay for the first time. */
  async check(input: Uint8Array | string, wallet?: string): Promise<BatchCheck & { firstPayouts: FirstPayoutRow[] }> {
    return checkBatch({ store: this.store, client: this.client }, input, wallet)
  }

  /** Checks the file again (balances and destinations may have moved since the review), records it, starts sending. */
  async submit(request: BatchSubmitRequest): Promise<{ batch: BatchRecord; progress: BatchProgress }> {
    const check = await this.check(request.input, request.wallet)
    const batch = await recordBatch({ store: this.store, payouts: this.payouts }, check, request)
    this.start(batch.id)
    return { batch, progress: this.runner.progress(batch.id) }
  }

  pause(batchId: string): BatchProgress {
    return this.runner.pause(batchId)
  }

  resume(batchId: string): BatchProgress {
    this.runner.reopen(batchId)
    this.start(batchId)
    return this.runner.progress(batchId)
  }

  cancel(batchId: string): Promise<BatchProgress> {
    return this.runner.cancel(batchId)
  }

  /** Every batch left running and unfinished (start-up after a crash, a kill or a quit). */
  resumeUnfinished(): void {
    for (const b of this.runner.unfinished()) this.start(b.id)
  }

  /** Sending stops after the row in flight; a row cut short is looked up by its key on the next start. */
  async stop(): Promise<void> {
    this.stopping.abort()
    await Promise.allSettled(this.runs.values())
  }

  private start(batchId: string): void {
    if (this.stopping.signal.aborted) return
    if (this.runs.has(batchId)) {
      this.again.add(batchId)
      return
    }
    const signal = this.stopping.signal
    const run = this.runner
      .run(batchId, signal)
      // A failed run leaves the batch as it was (each row's state is in the store); "resume" tries again.
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        this.runs.delete(batchId)
        if (this.again.delete(batchId)) this.start(batchId)
      })
    this.runs.set(batchId, run)
  }
}
