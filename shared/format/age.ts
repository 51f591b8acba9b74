const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * How long something has waited, in the two largest units a person reads at a glance: "45 s", "12 min", "3 h 5 min", "2
 * d 4 h".
 */
export function ageText(ms: number): string {
  const t = Math.max(0, ms)
  if (t < MINUTE) return `${Math.floor(t / 1000)} s`
  if (t < HOUR) return `${Math.floor(t / MINUTE)} min`
  if (t < DAY) return `${Math.floor(t / HOUR)} h ${Math.floor((t % HOUR) / MINUTE)} min`
  return `${Math.floor(t / DAY)} d ${Math.floor((t % DAY) / HOUR)} h`
}
