import type { EventName } from '../../../shared/ipc/events'
import { EventBus } from '../event-bus'

type Notify = (title: string, body: string) => void

/** What a locked desk says, in the page and in the OS: no name, address or amount. */
export const NEEDS_YOU = 'Payout Desk needs you'

/** Events that would bring a notice: while locked, each is told as "needs you" and nothing more. */
const NOTICE_EVENTS: ReadonlySet<EventName> = new Set<EventName>([
  'withdrawal.updated',
  'payouts.waiting',
  'alterations.changed',
  'clipboard.swapped',
  'app.notice',
])

/**
 * The events the page hears: all of them while the desk is open; while locked, only the lock's own and a bare
 * "needs you" for what would have been a notice. The core's own listeners keep the whole bus.
 */
export function pageEvents(core: EventBus, locked: () => boolean): { events: EventBus; dispose: () => void } {
  const events = new EventBus()
  const dispose = core.subscribe((name, payload) => {
    if (!locked() || name === 'lock.changed') events.emit(name, payload as never)
    else if (NOTICE_EVENTS.has(name)) events.emit('lock.needsYou', {})
  })
  return { events, dispose }
}

/** The OS notification, which says nothing of the payout while the desk is locked. */
export function lockedNotify(notify: Notify | undefined, locked: () => boolean): Notify | undefined {
  if (!notify) return undefined
  return (title, body) => (locked() ? notify('Payout Desk', NEEDS_YOU) : notify(title, body))
}
