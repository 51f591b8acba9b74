import type { Subscribe } from '../../../renderer/src/data/desk-events'
import type { EventName, EventPayload } from '../../../shared/ipc/events'

/** A stand-in for `window.desk.on`: tests emit core events by hand and count who still listens. */
export function fakeDeskEvents() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const on: Subscribe = (event, listener) => {
    const set = listeners.get(event) ?? new Set()
    listeners.set(event, set)
    set.add(listener as (payload: unknown) => void)
    return () => set.delete(listener as (payload: unknown) => void)
  }
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) =>
    listeners.get(event)?.forEach((l) => l(payload))
  const count = () => [...listeners.values()].reduce((n, s) => n + s.size, 0)
  return { on, emit, count }
}
