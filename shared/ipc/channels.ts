import type { z } from 'zod'
import { activityChannels } from './channels/activity'
import { appChannels } from './channels/app'
import { batchChannels } from './channels/batch'
import { closeChannels } from './channels/close'
import { deskLockChannels } from './channels/desk-lock'
import { destinationChannels } from './channels/destinations'
import { firstPayoutChannels } from './channels/first-payouts'
import { historyChannels } from './channels/history'
import { invoiceChannels } from './channels/invoices'
import { notifyChannels } from './channels/notify'
import { homeChannels } from './channels/home'
import { payeeCheckChannels } from './channels/payee-checks'
import { payoutChannels } from './channels/payouts'
import { payRunChannels } from './channels/pay-runs'
import { payRunReminderChannels } from './channels/pay-run-reminders'
import { payRunSendChannels } from './channels/pay-run-send'
import { policyChannels } from './channels/policy'
import { profileChannels } from './channels/profiles'
import { settingsChannels } from './channels/settings'
import { counterpartyChannels } from './channels/counterparties'
import { walletChannels } from './channels/wallets'
import { withdrawalChannels } from './channels/withdrawals'

/** The whole IPC contract: channel name → input schema → output schema. */
export const CHANNELS = {
  ...appChannels,
  ...profileChannels,
  ...walletChannels,
  ...counterpartyChannels,
  ...withdrawalChannels,
  ...historyChannels,
  ...closeChannels,
  ...payoutChannels,
  ...firstPayoutChannels,
  ...batchChannels,
  ...policyChannels,
  ...settingsChannels,
  ...homeChannels,
  ...destinationChannels,
  ...activityChannels,
  ...payRunChannels,
  ...payRunSendChannels,
  ...payRunReminderChannels,
  ...invoiceChannels,
  ...payeeCheckChannels,
  ...deskLockChannels,
  ...notifyChannels,
} as const

export type ChannelName = keyof typeof CHANNELS
export type ChannelInput<C extends ChannelName> = z.input<(typeof CHANNELS)[C]['input']>
/** What a page receives: untrusted fields parsed into UntrustedText. */
export type ChannelOutput<C extends ChannelName> = z.output<(typeof CHANNELS)[C]['output']>
/** What a handler answers before the output parse: the same data with plain strings. */
export type ChannelReply<C extends ChannelName> = z.input<(typeof CHANNELS)[C]['output']>

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.hasOwn(CHANNELS, name)
}
