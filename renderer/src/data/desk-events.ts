import type { QueryClient } from '@tanstack/react-query'
import type { EventName, EventPayload } from '@shared/ipc/events'
import { channelKey, deskKey } from './desk-keys'
import type { ReadChannel } from './read-channels'
import { ledgerChanged } from './ledger-rows'
import { insertWithdrawal, patchWithdrawal } from './withdrawal-cache'

export type Subscribe = <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) => () => void

/** Statuses after which money has moved (or come back), so balances and history are worth reading again. */
const MONEY_MOVED: ReadonlySet<string> = new Set(['completed', 'failed'])
/**
 * A batch's rows change with every row sent: its progress (and the list of batches) is read again at most this often.
 */
const BATCH_READ_EVERY_MS = 1000
/** A sync commits a page every fraction of a second: the ledger's rows are read again at most this often. */
const LEDGER_READ_EVERY_MS = 1000
/**
 * Home reads every profile's store: it follows their changes (of any profile, this process's or another's), read again
 * at most this often while it is on screen.
 */
const HOME_READ_EVERY_MS = 1000

/**
 * A key change may have replaced the key behind a public key on screen (a rotation cancelled and started again, a key
 * deleted and generated): the old one is dropped, never shown while the new one is read, or it could be pasted into
 * the console.
 */
export function forgetPublicKeys(client: QueryClient): void {
  void client.resetQueries({ queryKey: channelKey('keys.publicKey') })
}

/** Marks every cached read of these channels old; the ones on screen are read again. */
export function markOld(client: QueryClient, channels: readonly ReadChannel[]): Promise<void> {
  return Promise.all(channels.map((channel) => client.invalidateQueries({ queryKey: channelKey(channel) }))).then(
    () => undefined,
  )
}

/** Marks a list old without reading it now: it follows every page, so it is read when a screen asks again. */
function markOldQuietly(client: QueryClient, channel: ReadChannel): void {
  void client.invalidateQueries({ queryKey: channelKey(channel), refetchType: 'none' })
}

/** Runs `act` at most once per `everyMs`, the last call always honoured: a burst of events costs one read. */
function throttled(act: () => void, everyMs: number): { mark(): void; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null
  let last = 0
  return {
    mark() {
      if (timer) return
      timer = setTimeout(
        () => {
          timer = null
          last = Date.now()
          act()
        },
        Math.max(0, last + everyMs - Date.now()),
      )
    },
    stop: () => void (timer && clearTimeout(timer)),
  }
}

/**
 * The one place that keeps the cache true to the core's events: each event names the reads it makes old (typed by
 * read channel, so a read that does not exist cannot be named). A pushed payout is written in place; events of
 * another profile (a second process can emit them) are ignored. Returns the unsubscribe.
 */
export function wireDeskEvents(client: QueryClient, on: Subscribe, currentProfileId: () => string | null): () => void {
  const mine = (profileId: string) => profileId === currentProfileId()
  const batch = throttled(() => void markOld(client, ['batch.status', 'batch.list']), BATCH_READ_EVERY_MS)
  const ledger = throttled(() => ledgerChanged(client), LEDGER_READ_EVERY_MS)
  const home = throttled(() => void markOld(client, ['home.summary']), HOME_READ_EVERY_MS)
  const stops = [
    on('withdrawal.updated', (e) => {
      home.mark()
      if (!mine(e.profileId)) return
      // A payout no list shows yet (a batch row just accepted, or one requested by another process) goes to the top of
      // the lists it belongs in at once; the lists are marked old, not read page by page again while a batch runs.
      if (!patchWithdrawal(client, e.withdrawal, e.stale)) {
        insertWithdrawal(client, e.withdrawal)
        markOldQuietly(client, 'withdrawals.list')
      }
      if (MONEY_MOVED.has(e.withdrawal.status))
        void markOld(client, ['wallets.list', 'wallets.get', 'transactions.page', 'transactions.get'])
      // A test payout that moved on may now offer its rest; a completed payout makes its destination paid before.
      // A withdrawal read back is compared with the outbox: it may raise the altered-payout alarm.
      void markOld(client, ['payouts.tests', 'payouts.firstPayout', 'payouts.search', 'alterations.list'])
      batch.mark()
    }),
    on('outbox.changed', (e) => {
      home.mark()
      if (!mine(e.profileId)) return
      void markOld(client, [
        'payouts.outbox',
        'payouts.outboxDamaged',
        'held.list',
        'payouts.tests',
        'payouts.search',
        'activity.page',
      ])
      // The quick check only: the walk of every row is asked for when the Activity view opens.
      void client.invalidateQueries({ queryKey: deskKey('activity.verify', { whole: false }) })
      // The full list is marked old, not read now: a send in flight changes the outbox several times. The screen that
      // requested or resolved a payout reads it again when the send is over (write-stales.ts).
      markOldQuietly(client, 'withdrawals.list')
      batch.mark()
    }),
    // A profile created, removed, selected or given a key: the profiles are read again, and the whole shell follows
    // them.
    on('profiles.changed', () => {
      forgetPublicKeys(client)
      void markOld(client, ['profiles.list', 'profiles.current'])
      home.mark()
    }),
    // Every step of the history sync may have committed rows or a newer answer for a leg that was not final.
    on('history.progress', (e) => {
      home.mark()
      if (!mine(e.profileId)) return
      void markOld(client, ['history.summary', 'history.legs'])
      ledger.mark()
    }),
    on('alterations.changed', (e) => {
      if (mine(e.profileId)) void markOld(client, ['alterations.list', 'payouts.explain'])
    }),
    on('pacing.changed', () => void markOld(client, ['pacing.status'])),
    // A leg's note or tags changed, here or in another window: its detail, and the rows (it may enter or leave a
    // search).
    on('history.notesChanged', (e) => {
      if (!mine(e.profileId)) return
      void markOld(client, ['history.legNotes'])
      ledgerChanged(client)
    }),
  ]
  return () => {
    batch.stop()
    ledger.stop()
    home.stop()
    stops.forEach((stop) => stop())
  }
}
