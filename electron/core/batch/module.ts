import type { ApiClient } from '../api/api-client'
import type { Pacer } from '../api/pacer'
import type { EventBus } from '../event-bus'
import type { FollowBudget } from '../payouts/follow-budget'
import type { Outbox } from '../payouts/outbox'
import type { PayoutRequests } from '../payouts/payout-requests'
import type { Profile } from '../profiles/profile'
import type { DeskStore } from '../store'
import { BatchService } from './batch-service'
import { BatchStatusFollower } from './batch-status-follower'
import { batchHandlers } from './handlers'

/** The batch feature's IPC doors: check, submit, follow, pause, resume, cancel, export. */
export const batchDoors = batchHandlers

/** What the session lends the batch feature. */
export interface BatchContext {
  profile: Profile
  store: DeskStore
  client: ApiClient
  background: ApiClient<'background'>
  pacer: Pacer
  events: EventBus
  /** The outbox, heard for accepted rows, and a request path that announces rows instead of following each one. */
  outbox: Pick<Outbox, 'onChange'>
  requests: PayoutRequests
  /** The follow budget single payouts share with batch rows. */
  budget: FollowBudget
  batchFollow?: { minDelayMs?: number; maxDelayMs?: number }
}

/**
 * The batch feature of one open profile: the service that runs batches, and the follower that reads batch rows'
 * statuses a page of 100 at a time (never one by one: hundreds of reads would eat the key's budget).
 */
export function batchModule(ctx: BatchContext) {
  let follower: BatchStatusFollower | undefined
  const unsubscribe: Array<() => void> = []
  const module = {
    batches: new BatchService(ctx.store, ctx.requests, ctx.client),
    follower: () =>
      (follower ??= new BatchStatusFollower({
        client: ctx.background,
        budget: ctx.budget,
        store: ctx.store,
        pacer: ctx.pacer,
        profileId: ctx.profile.id,
        emit: (payload) => ctx.events.emit('withdrawal.updated', payload),
        ...ctx.batchFollow,
      })),

    /** Follows batch rows while the role follows payouts: now, and whenever the outbox changes. */
    start(services: { followPayouts?: boolean }): void {
      if (!services.followPayouts) return
      const wake = () => module.follower().wake()
      unsubscribe.push(ctx.outbox.onChange(wake))
      wake()
    },

    /** Continues the batches a crash or a quit left unfinished. */
    resume: (): void => module.batches.resumeUnfinished(),

    async stop(): Promise<void> {
      await module.batches.stop()
      await follower?.stop()
      for (const u of unsubscribe.splice(0)) u()
    },
  }
  return module
}
