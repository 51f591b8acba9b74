import { z } from 'zod'
import { NotifySettingsSchema } from '../../notify/notify-settings'
import { untrusted } from '../../text/untrusted-text'
import { channels } from '../channel'

const NameSchema = z.string().min(1).max(64)

/** A channel as the app shows it: never its URL or password (those stay in the keychain). */
export const NotifyChannelViewSchema = z.strictObject({
  id: z.string(),
  /** Typed by a person of the desk, shown as someone else's text all the same. */
  name: untrusted(),
  kind: z.enum(['slack', 'webhook', 'email', 'os']),
  escalation: z.boolean(),
  recipient: untrusted().nullable(),
  lastOkAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  failingSince: z.string().nullable(),
  /** Failing, with no success, for a day or more: said on Home. */
  failingForADay: z.boolean(),
})

const TargetSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('slack'), url: z.string().min(1).max(2048) }),
  z.strictObject({ kind: z.literal('webhook'), url: z.string().min(1).max(2048) }),
  z.strictObject({ kind: z.literal('email'), to: z.string().min(3).max(254), smtp: z.string().min(1).max(2048) }),
  z.strictObject({ kind: z.literal('os') }),
])

export const notifyChannels = channels({
  /** The open profile's channels with their last error, and its reminder settings. */
  'notify.list': {
    input: z.strictObject({}),
    output: z.strictObject({ channels: z.array(NotifyChannelViewSchema), settings: NotifySettingsSchema }),
  },
  /** Adds a channel; its URL or SMTP password goes to the keychain only. */
  'notify.add': {
    input: z.strictObject({ target: TargetSchema, name: NameSchema.optional(), escalation: z.boolean() }),
    output: z.strictObject({ channel: NotifyChannelViewSchema }),
  },
  'notify.remove': { input: z.strictObject({ name: NameSchema }), output: z.strictObject({}) },
  /** Sends a test message now to every channel (or the one named). */
  'notify.test': {
    input: z.strictObject({ name: NameSchema.optional() }),
    output: z.strictObject({
      results: z.array(z.strictObject({ name: untrusted(), delivered: z.boolean(), error: z.string().nullable() })),
    }),
  },
  'notify.set': {
    input: NotifySettingsSchema.partial(),
    output: z.strictObject({ settings: NotifySettingsSchema }),
  },
})
