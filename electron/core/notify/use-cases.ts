/** Notifications' public door: the CLI, the IPC handlers and the session use only these. */
export {
  addChannel,
  listChannels,
  notifySettings,
  removeChannel,
  setNotifySettings,
  testChannels,
  FAILING_FOR_MS,
  type ChannelTarget,
  type ChannelView,
  type NotifyPlace,
} from './channels'
export { openNotifier, Notifier, type NotifierHost, type NotifierOptions } from './notifier'
export { webhookBody, type OsNotify } from './senders'
