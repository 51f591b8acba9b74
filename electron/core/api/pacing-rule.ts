/**
 * Who waits for a request. `interactive`: a person (a screen's read, a write, a connection test, a CLI command, an
 * agent's tool call). `background`: nobody at this moment (following payouts, batch statuses, the history sync).
 */
export type Priority = 'interactive' | 'background'

export interface PacingRule {
  limit: number
  windowMs: number
  marginMs: number
  /** Most background requests in any window: the share the background may take. */
  backgroundLimit: number
  /** Background never takes the last `reserve` requests of a window: a person's next request starts at once. */
  reserve: number
}

export interface SlotTime {
  /** When its answer arrived; null while in flight. */
  end: number | null
  priority: Priority
}

export type TakeResult = { slot: number } | { waitMs: number }

export interface PacerUsage {
  used: number
  /** Of `used`, the background requests. */
  background: number
  blockedUntil: number
  /** An interactive request waits somewhere on the key (this process or another on the profile store). */
  interactiveWaiting: boolean
}

/**
 * Where the window's request times live. In memory for one process; the profile's store for
 * every process on the machine that uses the key. `take` checks and counts in one atomic step.
 */
export interface PacerLedger {
  /** Counts a request that may start now, or says how long to wait (Infinity while the ones to leave are in flight). */
  take(now: number, rule: PacingRule, priority: Priority): TakeResult
  end(slot: number, now: number): void
  /** Nobody sends before `untilMs`; true when that moved the block later. */
  block(untilMs: number): boolean
  /** An interactive request of this process waits, until `untilMs` at the latest; 0 once none does. */
  waiting(untilMs: number): void
  usage(now: number, rule: PacingRule): PacerUsage
}

/** A background request that finds a person's request waiting looks again this much later. */
export const YIELD_MS = 50

/** The background's share and the reserve for a limit: half the window, and a tenth (at least two) kept free. */
export function prioritySplit(limit: number, backgroundShare: number): Pick<PacingRule, 'backgroundLimit' | 'reserve'> {
  const reserve = Math.min(limit - 1, Math.max(2, Math.ceil(limit / 10)))
  return { reserve, backgroundLimit: Math.max(1, Math.min(limit - reserve, Math.floor(limit * backgroundShare))) }
}

/**
 * The provider counts a request when it arrives, somewhere between our start and our answer,
 * so a request stays in the window until a window after its answer (in flight: indefinitely).
 * A person's request needs only a free place in the window; a background one also stays within its
 * share, leaves the reserve, and yields while a person's request waits.
 */
export function waitFor(
  slots: readonly SlotTime[],
  blockedUntil: number,
  now: number,
  rule: PacingRule,
  priority: Priority,
  interactiveWaiting: boolean,
): number {
  const ends = slots.map((s) => s.end)
  let wait = Math.max(blockedUntil - now, untilFewer(ends, rule.limit, now, rule))
  if (priority === 'background') {
    const background = slots.filter((s) => s.priority === 'background').map((s) => s.end)
    wait = Math.max(
      wait,
      untilFewer(ends, rule.limit - rule.reserve, now, rule),
      untilFewer(background, rule.backgroundLimit, now, rule),
    )
    if (interactiveWaiting) wait = Math.max(wait, YIELD_MS)
  }
  return Math.max(wait, 0)
}

/** How long until fewer than `cap` of these requests are in the window. */
function untilFewer(ends: ReadonlyArray<number | null>, cap: number, now: number, rule: PacingRule): number {
  if (ends.length < cap) return 0
  const sorted = ends.map((e) => e ?? Infinity).sort((a, b) => a - b)
  return sorted[ends.length - cap]! + rule.windowMs + rule.marginMs - now
}
