import type { ApiClient } from '../api/api-client'
import type { Profile } from '../profiles/profile'
import type { BackgroundLog } from '../shell/rotating-log'
import type { DeskStore, ProcessRole } from '../store'
import { policyHandlers } from './handlers'
import { HeldExpiry } from './held-expiry'
import { profileSendGate } from './profile-send-gate'

/** The policy feature's IPC doors: the agent policy, its backtest and stop switch, and held payouts. */
export const policyDoors = policyHandlers

/** What the session lends the policy feature. */
export interface PolicyContext {
  profile: Profile
  store: DeskStore
  client: ApiClient
  dataDir: string
  /** The process that notices a hold's time is up. */
  role: ProcessRole
  log: BackgroundLog
  now?: () => Date
}

/**
 * The policy feature of one open profile: the send gate every attempt passes (the agent's policy and write switch
 * read at the moment of sending), and held expiry, the service that discards an agent's held payout on time.
 */
export function policyModule(ctx: PolicyContext) {
  let heldExpiry: HeldExpiry | undefined
  const unsubscribe: Array<() => void> = []
  const module = {
    gate: profileSendGate(ctx.store, ctx.client, ctx.profile, ctx.dataDir),
    heldExpiry: () => (heldExpiry ??= new HeldExpiry(ctx.store, ctx.role, ctx.now)),

    start(services: { expireHeld?: boolean }): void {
      if (!services.expireHeld) return
      const expiry = module.heldExpiry()
      // An agent's held payout expires on time even when nobody looks at it; the held list, a release and the
      // connector run the same expiry and report a store error there.
      unsubscribe.push(
        ctx.store.onTick(() => {
          try {
            expiry.expireDue()
          } catch (err) {
            ctx.log.error(`${ctx.profile.id}: expiring held payouts failed`, err)
          }
        }),
      )
    },

    stop(): void {
      for (const u of unsubscribe.splice(0)) u()
    },
  }
  return module
}
