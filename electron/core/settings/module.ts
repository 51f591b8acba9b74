import { DEFAULT_APPROVAL_REMINDER_MINUTES } from '../../../shared/ipc/channels/settings'
import { AppSettingsStore } from './app-settings'
import { settingsHandlers, type SettingsHandlerDeps } from './settings-handlers'

/** The desk's settings (`<data>/settings.json`), their doors, and the wait-reminder threshold the sessions read. */
export function settingsModule({
  dataDir,
  applyContentProtection,
}: Omit<SettingsHandlerDeps, 'settings'> & { dataDir: string }) {
  const settings = new AppSettingsStore(dataDir)
  return {
    settings,
    doors: settingsHandlers({ settings, applyContentProtection }),
    // Read on every look, so a new threshold applies at once; a damaged settings file (reported by Settings) uses the
    // default.
    reminderMinutes: (): Promise<number> =>
      settings.read().then(
        (s) => s.approvalReminderMinutes ?? DEFAULT_APPROVAL_REMINDER_MINUTES,
        () => DEFAULT_APPROVAL_REMINDER_MINUTES,
      ),
  }
}
