import { z } from 'zod'
import { channels } from '../channel'
import { RunSummarySchema } from './pay-runs'

export const payRunReminderChannels = channels({
  /** Runs due today or overdue not yet told for that period; each is noted as told, so it is said once per period. */
  'payRuns.reminders': { input: z.strictObject({}), output: z.array(RunSummarySchema) },
})
