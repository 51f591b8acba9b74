import { z } from 'zod'

/** A reminder to the approver channels after this long waiting; an escalation after the second. */
export const DEFAULT_REMIND_AFTER_MINUTES = 30
export const DEFAULT_ESCALATE_AFTER_MINUTES = 120

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/

export const ClockTimeSchema = z.string().regex(CLOCK, 'a time of day as HH:MM (00:00 to 23:59)')

/** A time zone as the IANA database names it (Europe/Berlin, UTC), asked of Intl rather than a list of our own. */
export function timeZoneProblem(zone: string): string | null {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone })
    return null
  } catch {
    return `"${zone.slice(0, 64)}" is no time zone Intl knows; use a name such as Europe/Berlin or UTC`
  }
}

export const NotifySettingsSchema = z.strictObject({
  remindAfterMinutes: z.number().int().min(1).max(10_080),
  escalateAfterMinutes: z.number().int().min(1).max(10_080),
  /** The daily digest of everything waiting, at this time in `timeZone`; null: none. */
  digestAt: ClockTimeSchema.nullable(),
  /** Nothing is sent between these times in `timeZone` (from may be after to: the night); null: never quiet. */
  quiet: z.strictObject({ from: ClockTimeSchema, to: ClockTimeSchema }).nullable(),
  timeZone: z.string().refine((zone) => timeZoneProblem(zone) === null, 'a time zone Intl knows'),
  /** After how long the provider's console expires an approval; null: not known. */
  expiresAfterHours: z.number().positive().max(8_760).nullable(),
})
export type NotifySettings = z.infer<typeof NotifySettingsSchema>

export const DEFAULT_NOTIFY_SETTINGS: NotifySettings = {
  remindAfterMinutes: DEFAULT_REMIND_AFTER_MINUTES,
  escalateAfterMinutes: DEFAULT_ESCALATE_AFTER_MINUTES,
  digestAt: null,
  quiet: null,
  timeZone: 'UTC',
  expiresAfterHours: null,
}

/** `22:00-07:00` as the CLI and the screen take it, or why not. */
export function parseQuiet(text: string): { from: string; to: string } | { problem: string } {
  const [from, to, ...rest] = text.trim().split('-')
  if (rest.length > 0 || !from || !to || !CLOCK.test(from) || !CLOCK.test(to) || from === to)
    return { problem: 'Quiet hours are two different times as HH:MM-HH:MM, e.g. 22:00-07:00.' }
  return { from, to }
}

/** Minutes past midnight of `at` in `timeZone`, as Intl reads the zone's clock. */
export function minutesOfDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(at)
    .reduce<Record<string, string>>((out, p) => ({ ...out, [p.type]: p.value }), {})
  return Number(parts.hour) * 60 + Number(parts.minute)
}

/** The calendar day of `at` in `timeZone` (YYYY-MM-DD), the digest's once-a-day key. */
export function dayIn(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)
}

const clockMinutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

export function isQuiet(at: Date, settings: Pick<NotifySettings, 'quiet' | 'timeZone'>): boolean {
  if (!settings.quiet) return false
  const now = minutesOfDay(at, settings.timeZone)
  const from = clockMinutes(settings.quiet.from)
  const to = clockMinutes(settings.quiet.to)
  return from < to ? now >= from && now < to : now >= from || now < to
}

/** Whether the digest's time of day has come on `at`'s day in the zone. */
export function digestDue(at: Date, settings: Pick<NotifySettings, 'digestAt' | 'timeZone'>): boolean {
  return settings.digestAt !== null && minutesOfDay(at, settings.timeZone) >= clockMinutes(settings.digestAt)
}

const hm = (ms: number): string => {
  const minutes = Math.max(0, Math.floor(ms / 60_000))
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  if (h === 0) return `${m} min`
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')}`
}

/** "1 h 40 of 2 h": how long a payout has waited of the time its approval lives; null when the expiry is unknown. */
export function waitedOf(waitedMs: number, expiresAfterHours: number | null): string | null {
  if (expiresAfterHours === null) return null
  return `${hm(waitedMs)} of ${hm(expiresAfterHours * 3_600_000)}`
}

/** "20 min left" (or "expired"): what a reminder says of an approval's life; null when the expiry is unknown. */
export function timeLeft(waitedMs: number, expiresAfterHours: number | null): string | null {
  if (expiresAfterHours === null) return null
  const left = expiresAfterHours * 3_600_000 - waitedMs
  return left <= 0 ? 'its approval has expired in the console' : `${hm(left)} left before the console expires it`
}
