import { TERMINAL_WITHDRAWAL_STATUSES, type Withdrawal } from '../../../shared/api/resources'
import { DEFAULT_APPROVAL_REMINDER_MINUTES } from '../../../shared/ipc/channels/settings'
import type { ApiClient } from '../api/api-client'
import type { EventBus } from '../event-bus'
import type { HandlerTable } from '../ipc/router'
import type { Profile } from '../profiles/profile'
import type { BackgroundLog } from '../shell/rotating-log'
import { alteredWithdrawals, type DeskStore } from '../store'
import { firstPayoutHandlers } from './first-payout-handlers'
import { FollowBudget, type FollowClock } from './follow-budget'
import { payoutHandlers } from './handlers'
import { Outbox } from './outbox'
import { PayoutRequests } from './payout-requests'
import { WithdrawalPoller, type Notify } from './poller'
import { pollSharing } from './poll-sharing'
import { QueuedSender } from './queued-sender'
import type { ReceiptShell } from './receipt-pdf-save'
import type { SendGate } from './send-gate'
import { WaitReminders } from './wait-reminders'
import { withdrawalHandlers, type WithdrawalHandlerDeps } from './withdrawal-handlers'

/** What the desk gives the payout doors: the session port, who asks, and the shell's dialogs. */
export interface PayoutDoorDeps extends Omit<WithdrawalHandlerDeps, 'host'>, ReceiptShell {
  host: Parameters<typeof payoutHandlers>[0] & Parameters<typeof firstPayoutHandlers>[0] & WithdrawalHandlerDeps['host']
  requestedBy?: () => string
}

/** The payouts feature's IPC doors: the outbox, the provider's payouts and first payouts. */
export const payoutDoors = ({
  host,
  requestedBy,
  printPage,
  chooseSavePath,
  events,
}: PayoutDoorDeps): HandlerTable => ({
  ...payoutHandlers(host, requestedBy, { printPage, chooseSavePath }),
  ...firstPayoutHandlers(host, requestedBy),
  ...withdrawalHandlers({ host, events, chooseSavePath }),
})

/** What the session lends the payouts feature to build its parts. */
export interface PayoutsContext {
  profile: Profile
  store: DeskStore
  /** The client a person waits on; `background` yields to it. */
  client: ApiClient
  background: ApiClient<'background'>
  /** The profile's send gate (policy builds it): every attempt of every path passes it. */
  gate: SendGate
  events: EventBus
  log: BackgroundLog
  notify?: Notify
  poller?: { minDelayMs?: number; maxDelayMs?: number; waitingMaxDelayMs?: number; clock?: FollowClock }
  followPerMinute?: number
  now?: () => Date
  reminderMinutes?: () => Promise<number>
}

/** The background work of payouts a session's role may run. */
export interface PayoutServices {
  followPayouts?: boolean
  sendQueued?: boolean
  remindWaiting?: boolean
}

const isFinal = (status: string | undefined) =>
  status !== undefined && (TERMINAL_WITHDRAWAL_STATUSES as readonly string[]).includes(status)

/**
 * The payouts feature of one open profile: its outbox and request path, and the services it owns (the poller that
 * follows single payouts, the queued sender, the wait reminders), each built only when the session's role asks.
 */
export function payoutsModule(ctx: PayoutsContext) {
  const { profile, store, events } = ctx
  const profileId = profile.id
  const clock = ctx.poller?.clock
  const budget = new FollowBudget(ctx.followPerMinute, clock ? () => clock.now() : undefined)
  const outbox = Outbox.open(store, ctx.now)
  let following = false
  let poller: WithdrawalPoller | undefined
  let reminders: WaitReminders | undefined
  let queued: QueuedSender | undefined
  const unsubscribe: Array<() => void> = []
  const logged = (what: string) => (err: unknown) => ctx.log.error(`${profileId}: ${what} failed`, err)
  const emitUpdated = (withdrawal: Withdrawal) =>
    events.emit('withdrawal.updated', { profileId, withdrawal, previousStatus: null, stale: false })

  const module = {
    outbox,
    budget,
    // A payout this session sends is followed only where the role runs `followPayouts`.
    payouts: new PayoutRequests(outbox, ctx.client, (w: Withdrawal) => following && module.poller().track(w), ctx.gate),
    /**
     * A request path whose accepted payouts are announced once, not followed (batch rows: hundreds of status reads
     * would eat the key's budget the batch itself needs; their statuses are read a page at a time).
     */
    announcing: () => new PayoutRequests(outbox, ctx.client, emitUpdated, ctx.gate),
    poller: () =>
      (poller ??= new WithdrawalPoller({
        client: ctx.background,
        budget,
        profileId,
        emit: (payload) => events.emit('withdrawal.updated', payload),
        notify: ctx.notify,
        shared: pollSharing(store),
        ...ctx.poller,
      })),
    reminders: () =>
      (reminders ??= new WaitReminders({
        store,
        profileId,
        thresholdMinutes: ctx.reminderMinutes ?? (async () => DEFAULT_APPROVAL_REMINDER_MINUTES),
        now: ctx.now ?? (() => new Date()),
        emit: (payload) => events.emit('payouts.waiting', payload),
        notify: ctx.notify,
      })),
    queued: () => (queued ??= new QueuedSender(outbox, module.payouts)),

    /** Starts what the role names; what it starts is built now, so a part that cannot be built fails the opening. */
    start(services: PayoutServices): void {
      following = services.followPayouts === true
      if (following) module.poller()
      if (services.sendQueued) module.queued()
      if (services.remindWaiting) module.reminders()
      // Each accepted payout is followed once per session; one the store saw end is not read again.
      const followed = new Set<string>()
      const trackAccepted = () => {
        if (!following) return
        for (const { withdrawalId } of outbox.acceptedSingles()) {
          if (!withdrawalId || followed.has(withdrawalId)) continue
          followed.add(withdrawalId)
          const status = store.read('read the payout statuses', () => store.withdrawals.get(withdrawalId)?.withdrawal)
          if (!isFinal(status?.status)) module.poller().track(withdrawalId)
        }
      }
      unsubscribe.push(
        outbox.onChange(() => {
          // Another process (the connector, the CLI) may have added or resolved a payout.
          trackAccepted()
          events.emit('outbox.changed', { profileId })
        }),
      )
      if (following) unsubscribe.push(...followOthers(ctx, emitUpdated, logged))
      if (services.remindWaiting) {
        const told = logged('telling what waits on the person')
        const look = () => void module.reminders().check().catch(told)
        unsubscribe.push(
          store.onTick(look),
          outbox.onChange(() => void module.reminders().checkHeld().catch(told)),
        )
        look()
      }
      if (services.sendQueued)
        unsubscribe.push(store.onTick(() => void module.queued().tick().catch(logged('sending queued payouts'))))
      trackAccepted()
    },

    /** Looks up the outcomes nobody saw (timeouts, a crash, a kill); a failure is logged. */
    resolveUnknown: (): Promise<void> =>
      module.payouts.resolveUnknown().then(() => undefined, logged('looking up unknown outcomes')),

    async stop(): Promise<void> {
      await reminders?.stop()
      for (const u of unsubscribe.splice(0)) u()
      poller?.stop()
    },
  }
  return module
}

export type PayoutsModule = ReturnType<typeof payoutsModule>

/**
 * What other processes did, heard by the one that follows: payouts they wrote to the cache reach the lists as this
 * process's own do, and an alteration noted wherever a withdrawal is read reaches the screens on the next tick.
 */
function followOthers(
  { store, events, profile }: PayoutsContext,
  announce: (w: Withdrawal) => void,
  logged: (what: string) => (err: unknown) => void,
): Array<() => void> {
  // Counted from none: one noted before the first tick (a list read as the session opens) is announced too.
  let altered = 0
  return [
    store.onOthersWithdrawals((ws) => ws.forEach(announce)),
    store.onTick(() => {
      try {
        const now = store.read('read the altered payouts', () => store.repo(alteredWithdrawals).open().length)
        if (now !== altered) events.emit('alterations.changed', { profileId: profile.id })
        altered = now
      } catch (err) {
        logged('reading the altered payouts')(err)
      }
    }),
  ]
}
