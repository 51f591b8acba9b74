import { EVENTS, type EventName, type EventPayload } from '../../shared/ipc/events'

export type EventSink = (event: EventName, payload: unknown) => void

/** Events from core to whatever shell hosts it (Electron window, demo bridge, test page). */
export class EventBus {
  private readonly sinks = new Set<EventSink>()

  subscribe(sink: EventSink): () => void {
    this.sinks.add(sink)
    return () => this.sinks.delete(sink)
  }

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    const checked = EVENTS[event].parse(payload)
    for (const sink of this.sinks) sink(event, checked)
  }
}
