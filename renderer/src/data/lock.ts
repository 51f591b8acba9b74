import type { QueryClient } from '@tanstack/react-query'
import { create } from 'zustand'
import type { ChannelInput, ChannelName } from '@shared/ipc/channels'
import type { LockStatus } from '@shared/ipc/channels/desk-lock'
import { call, DeskCallError } from '../desk'
import { channelKey } from './desk-keys'
import type { ReadChannel } from './read-channels'
import type { Subscribe } from './desk-events'
import { useDeskQuery } from './useDeskQuery'

/** Whether a notice came while the desk was locked: the unlock screen says "Payout Desk needs you", nothing more. */
export const useNeedsYou = create<{ needsYou: boolean }>(() => ({ needsYou: false }))

/** The desk's lock: whether it is on, locked, and who is at the desk. */
export const useLockStatus = () => useDeskQuery('lock.status', {})

/** Whether the person at the desk may change things (a viewer may not; without people, anyone may). */
export function seatOf(status: LockStatus | undefined): { canWrite: boolean; isAdmin: boolean } {
  if (!status?.enabled) return { canWrite: true, isAdmin: true }
  const role = status.person?.role
  return { canWrite: role === 'admin' || role === 'treasurer', isAdmin: role === 'admin' }
}

/** The reads a locked page keeps: the lock's own, and the profiles' (whose change would empty the cache anyway). */
const KEPT_WHILE_LOCKED: readonly unknown[] = [
  'lock.status',
  'profiles.list',
  'profiles.current',
] satisfies readonly ReadChannel[]

/**
 * Once the screens are gone (locked), every other cached read is dropped: names, addresses and amounts leave the
 * page's memory with them.
 */
export function forgetWhileLocked(client: QueryClient): void {
  client.removeQueries({ predicate: (q) => !KEPT_WHILE_LOCKED.includes(q.queryKey[0]) })
}

/** A lock or an unlock reads the lock's state again (the gate then unmounts or mounts the app); returns the stop. */
export function wireLockEvents(client: QueryClient, on: Subscribe): () => void {
  const stops = [
    on('lock.changed', () => {
      useNeedsYou.setState({ needsYou: false })
      void client.invalidateQueries({ queryKey: channelKey('lock.status') })
    }),
    on('lock.needsYou', () => useNeedsYou.setState({ needsYou: true })),
  ]
  return () => stops.forEach((stop) => stop())
}

interface PresenceAsk {
  message: string
  done(confirmed: boolean): void
}

/** A production write waiting for the person's passphrase again (`passphrase_again`), if one is. */
export const usePresenceAsk = create<{ ask: PresenceAsk | null }>(() => ({ ask: null }))

/**
 * A write through the bridge; when the core asks for the passphrase again, the person is asked, and the write is made
 * once more after they typed it (refused as the core said if they cancel).
 */
export async function callPresent<C extends ChannelName>(channel: C, input: ChannelInput<C>) {
  try {
    return await call(channel, input)
  } catch (err) {
    if (!(err instanceof DeskCallError) || err.code !== 'passphrase_again') throw err
    const confirmed = await new Promise<boolean>((done) =>
      usePresenceAsk.setState({ ask: { message: err.message, done } }),
    )
    if (!confirmed) throw err
    return call(channel, input)
  }
}

/** Checks the passphrase typed again; the waiting write goes on. Throws a DeskCallError if it is not theirs. */
export async function confirmPresence(passphrase: string): Promise<void> {
  await call('lock.confirm', { passphrase })
  answerPresence(true)
}

export function answerPresence(confirmed: boolean): void {
  const ask = usePresenceAsk.getState().ask
  usePresenceAsk.setState({ ask: null })
  ask?.done(confirmed)
}

/** The lock's own acts, outside the query cache: they change what the gate shows, which reads the status again. */
export const lockActs = {
  unlock: (name: string, passphrase: string) => call('lock.unlock', { name, passphrase }),
  lock: () => call('lock.lock', {}),
  /** The person's input in the page: the idle timer starts again. */
  input: () => call('lock.activity', {}),
}
