import { z } from 'zod'

/** Events main pushes to the renderer: name → payload schema. */
export const EVENTS = {
  'app.notice': z.strictObject({ level: z.enum(['info', 'warning', 'error']), message: z.string() }),
} as const

export type EventName = keyof typeof EVENTS
export type EventPayload<E extends EventName> = z.output<(typeof EVENTS)[E]>

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(EVENTS, name)
}
