import type { QueryClient } from '@tanstack/react-query'
import { markOld } from './desk-events'
import type { ReadChannel, WriteChannel } from './read-channels'

/**
 * Reads a write makes old that no core event covers: settings kept in a local file (the core announces none of
 * them), and the payout list, which outbox.changed only marks old while a send is in flight, so the screen that
 * requested or resolved a payout reads it once the send is over. Every other write is followed by the core's events
 * (desk-events.ts) alone.
 */
export const WRITE_STALES: { readonly [W in WriteChannel]?: readonly ReadChannel[] } = {
  'payouts.request': ['withdrawals.list'],
  'payouts.requestTest': ['withdrawals.list'],
  'payouts.requestRest': ['withdrawals.list'],
  'payouts.resend': ['withdrawals.list'],
  'payouts.checkAgain': ['withdrawals.list'],
  'payouts.discard': ['withdrawals.list'],
  'held.release': ['withdrawals.list'],
  'batch.submit': ['withdrawals.list', 'batch.list'],
  'batch.pause': ['batch.status', 'batch.list'],
  'batch.resume': ['batch.status', 'batch.list'],
  'batch.cancel': ['batch.status', 'batch.list'],
  'payouts.dismissTest': ['payouts.tests'],
  'payouts.setNote': ['payouts.search', 'payouts.receipt'],
  'invoices.attach': ['invoices.ofPayout', 'payouts.receipt'],
  'held.setExpiry': ['held.expiry', 'held.list'],
  'settings.setApprovalReminder': ['settings.get'],
  'settings.setHideFromScreenCapture': ['settings.get'],
  'history.setDustThreshold': ['history.dustThresholds'],
  'history.importPrices': ['history.prices'],
  'close.lock': ['close.list', 'close.prepare'],
  'close.reopen': ['close.list', 'close.prepare'],
  'close.importMap': ['close.prepare'],
  'history.cancelWaitingPrices': ['history.prices'],
  'policy.set': ['policy.show', 'policy.history'],
  'policy.cancelPending': ['policy.show', 'policy.history'],
  'agent.stop': ['agent.stopStatus'],
  'agent.resume': ['agent.stopStatus'],
  'screening.import': ['screening.status', 'screening.hits', 'counterparties.list', 'payouts.explain'],
  'screening.cancelHits': ['screening.hits', 'withdrawals.list'],
  'payees.confirmChange': ['payees.changeOf', 'payouts.explain'],
  'payees.setChangeWait': ['payees.changeWait', 'payees.changeOf', 'payouts.explain'],
  'policy.clear': ['policy.show', 'policy.history'],
  'counterparties.create': ['counterparties.list'],
  'counterparties.createLookalike': ['counterparties.list'],
  'people.add': ['people.list', 'lock.status'],
  'people.remove': ['people.list', 'lock.status'],
  'people.setPassphrase': ['people.list'],
  'people.setRole': ['people.list', 'lock.status'],
  'seat.set': ['seat.show'],
  'notify.add': ['notify.list', 'home.summary'],
  'notify.remove': ['notify.list', 'home.summary'],
  'notify.test': ['notify.list', 'home.summary'],
  'notify.set': ['notify.list'],
  'lock.setTimes': ['lock.times', 'lock.status'],
}

/** Marks old what a write made old; resolves once the reads on screen were read again. */
export function staleAfterWrite(client: QueryClient, channel: WriteChannel): Promise<void> {
  return markOld(client, WRITE_STALES[channel] ?? [])
}
