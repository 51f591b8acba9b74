export { AppSettingsStore, DEFAULT_SETTINGS } from './app-settings'
export { settingsHandlers, type SettingsHandlerDeps } from './settings-handlers'
