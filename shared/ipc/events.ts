import { z } from 'zod'
import { WithdrawalSchema } from '../api/resources'

/** Events main pushes to the renderer: name → payload schema. */
export const EVENTS = {
  'withdrawal.updated': z.strictObject({
    profileId: z.string(),
    withdrawal: WithdrawalSchema,
    previousStatus: z.string().nullable(),
    stale: z.boolean(),
  }),
  'outbox.changed': z.strictObject({ profileId: z.string() }),
  /** A person acknowledged an altered withdrawal (new ones arrive with `withdrawal.updated`): the alarm reads again. */
  'alterations.changed': z.strictObject({ profileId: z.string() }),
  /**
   * Payouts that wait on a person, told once each: waiting for approval in the console past the person's threshold, or
   * an agent's payout the policy held. Several due together are one event.
   */
  'payouts.waiting': z.strictObject({
    profileId: z.string(),
    kind: z.enum(['approval', 'held']),
    payouts: z
      .array(z.strictObject({ id: z.string(), amount: z.string(), asset: z.string(), createdAt: z.string() }))
      .min(1),
    thresholdMinutes: z.number().int(),
    at: z.string(),
  }),
  'export.progress': z.strictObject({
    exportId: z.string(),
    rows: z.number().int(),
    pages: z.number().int(),
    done: z.boolean(),
  }),
  'pacing.changed': z.strictObject({ remaining: z.number().int(), limit: z.number().int() }),
  'profiles.changed': z.strictObject({}),
  /** The open profile's history sync: what it is doing, how far it got, and its last error. */
  'history.progress': z.strictObject({
    profileId: z.string(),
    state: z.enum(['running', 'idle', 'paused', 'failed']),
    pages: z.number().int(),
    rows: z.number().int(),
    rowsPerSecond: z.number(),
    etaSeconds: z.number().nullable(),
    reachedBack: z.string().nullable(),
    error: z.string().nullable(),
  }),
  /** A person changed a ledger leg's note or tags: the Transactions search and the leg's detail read again. */
  'history.notesChanged': z.strictObject({ profileId: z.string() }),
  /** The clipboard changed to another address of the network within a minute of the app copying one. */
  'clipboard.swapped': z.strictObject({
    network: z.string(),
    copied: z.string(),
    found: z.string(),
    message: z.string(),
  }),
  'app.notice': z.strictObject({ level: z.enum(['info', 'warning', 'error']), message: z.string() }),
  /** The desk locked or unlocked (the page unmounts every screen while locked). */
  'lock.changed': z.strictObject({ locked: z.boolean() }),
  /** While locked, all a page hears of a notice: "Payout Desk needs you". */
  'lock.needsYou': z.strictObject({}),
} as const

export type EventName = keyof typeof EVENTS
export type EventPayload<E extends EventName> = z.output<(typeof EVENTS)[E]>
