import { z } from 'zod'
import { channels } from '../channel'
import { IdleLockMinutesSchema, ReaskMinutesSchema } from './desk-lock'

/** Default: remind once a payout has waited 4 hours for approval. */
export const DEFAULT_APPROVAL_REMINDER_MINUTES = 240
const REMINDER_RANGE = 'The reminder time is a whole number of minutes from 1 to 10080 (a week).'
export const ApprovalReminderMinutesSchema = z
  .number()
  .int(REMINDER_RANGE)
  .min(1, REMINDER_RANGE)
  .max(10_080, REMINDER_RANGE)

/** Settings of the app itself (not of a profile), kept in the app's data folder. */
export const AppSettingsSchema = z.strictObject({
  /** Opt-in: the window's contents are hidden from screenshots and screen sharing where the OS allows it. */
  hideFromScreenCapture: z.boolean(),
  /** Minutes a payout may wait for approval before the app reminds the person (absent: the default, 4 hours). */
  approvalReminderMinutes: ApprovalReminderMinutesSchema.optional(),
  /** Minutes without input before the desk locks (absent: 10); set by an admin (lock.setTimes, desk set). */
  idleLockMinutes: IdleLockMinutesSchema.optional(),
  /** Minutes a passphrase covers a production write before it is asked again (absent: 5). */
  reaskMinutes: ReaskMinutesSchema.optional(),
})
export type AppSettings = z.infer<typeof AppSettingsSchema>

export const settingsChannels = channels({
  'settings.get': { input: z.strictObject({}), output: AppSettingsSchema },
  'settings.setHideFromScreenCapture': { input: z.strictObject({ enabled: z.boolean() }), output: AppSettingsSchema },
  'settings.setApprovalReminder': {
    input: z.strictObject({ minutes: ApprovalReminderMinutesSchema }),
    output: AppSettingsSchema,
  },
})
