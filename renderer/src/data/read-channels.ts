import type { ChannelName } from '@shared/ipc/channels'

/**
 * The channels that only read: the renderer caches their answers as queries, and only these can be named when the
 * cache is marked old. Every other channel changes something (or runs a check on demand) and goes through
 * useDeskMutation.
 */
export const READ_CHANNELS = [
  'activity.page',
  'agent.stopStatus',
  'alterations.list',
  'activity.verify',
  'app.info',
  'audit.tail',
  'batch.list',
  'batch.status',
  'close.list',
  'close.prepare',
  'counterparties.list',
  'destinations.importList',
  'destinations.importStatus',
  'held.expiry',
  'held.list',
  'history.dustThresholds',
  'history.legNotes',
  'history.legs',
  'history.page',
  'history.prices',
  'history.summary',
  'home.summary',
  'invoices.ofPayout',
  'keys.publicKey',
  'notify.list',
  'lock.status',
  'pacing.status',
  'payees.changeOf',
  'payees.changeWait',
  'payouts.explain',
  'payouts.firstPayout',
  'payouts.outbox',
  'payouts.outboxDamaged',
  'payouts.receipt',
  'payouts.search',
  'payouts.tests',
  'payRuns.list',
  'payRuns.preview',
  'people.list',
  'policy.history',
  'policy.show',
  'profiles.current',
  'profiles.list',
  'screening.hits',
  'screening.status',
  'settings.get',
  'transactions.get',
  'transactions.page',
  'wallets.get',
  'wallets.list',
  'withdrawals.get',
  'withdrawals.list',
] as const satisfies readonly ChannelName[]

export type ReadChannel = (typeof READ_CHANNELS)[number]
export type WriteChannel = Exclude<ChannelName, ReadChannel>
