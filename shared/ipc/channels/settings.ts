import { z } from 'zod'
import { channels } from '../channel'

/** Settings of the app itself (not of a profile), kept in the app's data folder. */
export const AppSettingsSchema = z.strictObject({
  /** Opt-in: the window's contents are hidden from screenshots and screen sharing where the OS allows it. */
  hideFromScreenCapture: z.boolean(),
})
export type AppSettings = z.infer<typeof AppSettingsSchema>

export const settingsChannels = channels({
  'settings.get': { input: z.strictObject({}), output: AppSettingsSchema },
  'settings.setHideFromScreenCapture': { input: z.strictObject({ enabled: z.boolean() }), output: AppSettingsSchema },
})
