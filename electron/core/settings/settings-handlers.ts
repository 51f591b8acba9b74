import type { settingsChannels } from '../../../shared/ipc/channels/settings'
import type { HandlersFor } from '../ipc/router'
import type { AppSettingsStore } from './app-settings'

export interface SettingsHandlerDeps {
  settings: AppSettingsStore
  /** Applies screen-capture protection to the open window; absent in shells without one (demo, tests). */
  applyContentProtection?: (enabled: boolean) => void
}

/** Handlers for every channel of `shared/ipc/channels/settings.ts`. */
export function settingsHandlers({
  settings,
  applyContentProtection,
}: SettingsHandlerDeps): HandlersFor<typeof settingsChannels> {
  return {
    'settings.get': () => settings.read(),
    'settings.setHideFromScreenCapture': async ({ enabled }) => {
      const next = await settings.update({ hideFromScreenCapture: enabled })
      applyContentProtection?.(next.hideFromScreenCapture)
      return next
    },
    'settings.setApprovalReminder': ({ minutes }) => settings.update({ approvalReminderMinutes: minutes }),
  }
}
