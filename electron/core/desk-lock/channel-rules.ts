import type { ChannelName } from '../../../shared/ipc/channels'

/** What a locked desk still answers: its state, unlocking, and locking again. */
export const OPEN_WHILE_LOCKED: ReadonlySet<ChannelName> = new Set<ChannelName>([
  'lock.status',
  'lock.unlock',
  'lock.lock',
])

/** Key and policy changes, profiles and people: an admin's. */
export const ADMIN_ONLY: ReadonlySet<ChannelName> = new Set<ChannelName>([
  'keys.generate',
  'keys.setKeyId',
  'keys.importHmac',
  'keys.rotate',
  'keys.cancelRotation',
  'keys.delete',
  'quickstart.simulator',
  'profiles.create',
  'profiles.remove',
  'profiles.setAgentWriteTools',
  'policy.set',
  'policy.clear',
  'policy.cancelPending',
  'held.setExpiry',
  'agent.resume',
  'payees.setChangeWait',
  'people.add',
  'people.remove',
  'people.setPassphrase',
  'people.setRole',
  'lock.setTimes',
  'seat.set',
])

/**
 * Every channel that changes something, at the provider or on the desk: a viewer's seat refuses them all. Stopping
 * the agent is not here: anyone at the desk may pull that brake.
 */
export const WRITES: ReadonlySet<ChannelName> = new Set<ChannelName>([
  ...ADMIN_ONLY,
  'payouts.request',
  'payouts.requestTest',
  'payouts.requestRest',
  'payouts.firstPayout',
  'payouts.dismissTest',
  'payouts.resend',
  'payouts.discard',
  'payouts.setNote',
  'batch.submit',
  'batch.pause',
  'batch.resume',
  'batch.cancel',
  'payRuns.send',
  'destinations.importStart',
  'destinations.importPause',
  'destinations.importResume',
  'counterparties.create',
  'counterparties.createLookalike',
  'withdrawals.cancel',
  'held.release',
  'held.reject',
  'alterations.acknowledge',
  'payees.confirmChange',
  'screening.import',
  'invoices.attach',
  'history.setLegNote',
  'history.setDustThreshold',
  'history.importPrices',
])

/**
 * Production writes that need the person's passphrase from the last few minutes: money out, keys, the policy and
 * the agent's reach (every change counted as a loosening: tightening asks too), the screening lists.
 */
export const NEEDS_PRESENCE: ReadonlySet<ChannelName> = new Set<ChannelName>([
  'payouts.request',
  'payouts.requestTest',
  'payouts.requestRest',
  'payouts.firstPayout',
  'payouts.resend',
  'batch.submit',
  'batch.resume',
  'payRuns.send',
  'held.release',
  'keys.generate',
  'keys.setKeyId',
  'keys.importHmac',
  'keys.rotate',
  'keys.cancelRotation',
  'keys.delete',
  'policy.set',
  'policy.clear',
  'held.setExpiry',
  'agent.resume',
  'profiles.setAgentWriteTools',
  'screening.import',
])
