export { AppSettingsStore, DEFAULT_SETTINGS } from './app-settings'
