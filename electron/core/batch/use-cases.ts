import type { ApiClient } from '../api/api-client'
import { DeskError } from '../errors'
import { Outbox } from '../payouts/outbox'
import { batchRepo, type BatchRecord, type DeskStore } from '../store'
import { refreshBatchStatuses } from './batch-refresh'
import { batchStatus, type BatchStatus } from './batch-report'

/** A batch of the profile, or `batch_not_found`. */
export function batchOf(store: DeskStore, batchId: string): BatchRecord {
  const batch = store.read('read the batch', () => store.repo(batchRepo).get(batchId))
  if (!batch) throw new DeskError('batch_not_found', `There is no batch ${batchId} in this profile.`)
  return batch
}

/**
 * A batch's rows with their outbox state, `state` keeping one; with `refresh` (the profile's signing client) the
 * payouts' current status is read from the provider first. `outbox`: the open session's, else the store's.
 */
export async function readBatchStatus(
  store: DeskStore,
  input: { batchId: string; state?: string },
  options: { refresh?: Pick<ApiClient, 'withdrawals'> | null; outbox?: Outbox } = {},
): Promise<BatchStatus> {
  const batch = batchOf(store, input.batchId)
  const outbox = options.outbox ?? Outbox.open(store)
  if (options.refresh) await refreshBatchStatuses(options.refresh, store, outbox.ofBatch(batch.id))
  return batchStatus(store, outbox, batch, input.state)
}
