import type { QueryClient } from '@tanstack/react-query'
import type { ChannelName } from '@shared/ipc/channels'
import type { EventName, EventPayload } from '@shared/ipc/events'
import { deskKey } from './desk-keys'
import { insertWithdrawal, patchWithdrawal } from './withdrawal-cache'

export type Subscribe = <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) => () => void

/** Statuses after which money has moved (or come back), so balances and history are worth reading again. */
const MONEY_MOVED: ReadonlySet<string> = new Set(['completed', 'failed'])

/**
 * A key change may have replaced the key behind a public key on screen (a rotation cancelled and started again, a key
 * deleted and generated): the old one is dropped, never shown while the new one is read, or it could be pasted into
 * the console.
 */
export function forgetPublicKeys(client: QueryClient): void {
  void client.resetQueries({ queryKey: ['keys.publicKey'] })
}

function invalidate(client: QueryClient, channels: readonly ChannelName[]): void {
  for (const channel of channels) void client.invalidateQueries({ queryKey: [channel] })
}

/**
 * Keeps the cache true to the core's events: a pushed payout is written in place, an outbox change re-reads the
 * outbox and marks the payout list old, a profile or key change drops public keys to read them again, a payout that completed or failed re-reads balances, a step of the history sync re-reads the ledger's summary and legs. Events of another profile (a
 * second process can emit them) are ignored. Returns the unsubscribe.
 */
export function wireDeskEvents(client: QueryClient, on: Subscribe, currentProfileId: () => string | null): () => void {
  const mine = (profileId: string) => profileId === currentProfileId()
  const stops = [
    on('withdrawal.updated', (e) => {
      if (!mine(e.profileId)) return
      // A payout no list shows yet (a batch row just accepted, or one requested by another process) goes to the top of
      // the lists it belongs in at once; the lists are marked old, not read page by page again while a batch runs.
      if (!patchWithdrawal(client, e.withdrawal, e.stale)) {
        insertWithdrawal(client, e.withdrawal)
        void client.invalidateQueries({ queryKey: ['withdrawals.list'], refetchType: 'none' })
      }
      if (MONEY_MOVED.has(e.withdrawal.status)) invalidate(client, ['wallets.list', 'wallets.get', 'transactions.page', 'transactions.get'])
      // A test payout that moved on may now offer its rest; a completed payout makes its destination paid before.
      invalidate(client, ['payouts.tests', 'payouts.firstPayout'])
      void client.invalidateQueries({ queryKey: ['payouts.search'] })
    }),
    on('outbox.changed', (e) => {
      if (!mine(e.profileId)) return
      invalidate(client, ['payouts.outbox', 'payouts.outboxDamaged', 'held.list', 'payouts.tests', 'payouts.search', 'activity.page'])
      // The quick check only: the walk of every row is asked for when the Activity view opens.
      void client.invalidateQueries({ queryKey: deskKey('activity.verify', { whole: false }) })
      // The full list is marked old, not read now: it follows every page, and a send in flight changes the outbox
      // several times. The screen that requested or resolved a payout reads it again when the send is over.
      void client.invalidateQueries({ queryKey: ['withdrawals.list'], refetchType: 'none' })
    }),
    on('profiles.changed', () => {
      invalidate(client, ['profiles.list', 'profiles.current'])
      forgetPublicKeys(client)
    }),
    // Every step of the history sync may have committed rows or a newer answer for a leg that was not final.
    on('history.progress', (e) => {
      if (mine(e.profileId)) invalidate(client, ['history.summary', 'history.legs'])
    }),
    // A leg's note or tags changed: its detail, and any ledger page the note or a tag may now match or not.
    on('history.notesChanged', (e) => {
      if (mine(e.profileId)) invalidate(client, ['history.legNotes', 'history.page'])
    }),
  ]
  return () => stops.forEach((stop) => stop())
}
