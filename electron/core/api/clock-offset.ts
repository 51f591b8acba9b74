import { DeskError } from '../errors'

/** An offset beyond this is not clock drift but a wrong clock, here or at the provider: refused, never signed with. */
export const MAX_CLOCK_OFFSET_SECONDS = 3600
/**
 * A learnt offset is dropped after this; the next invalid_timestamp measures it again (clocks get fixed, NTP catches
 * up).
 */
export const CLOCK_OFFSET_TTL_MS = 10 * 60_000

/**
 * Provider clock minus local clock in whole seconds, against the midpoint of the round trip; null without a usable Date
 * header.
 */
export function measureOffsetSeconds(
  dateHeader: string | undefined,
  sentAtMs: number,
  receivedAtMs: number,
): number | null {
  if (!dateHeader) return null
  const server = Date.parse(dateHeader)
  if (Number.isNaN(server)) return null
  return Math.round((server - (sentAtMs + receivedAtMs) / 2) / 1000)
}

export function describeOffset(seconds: number): string {
  return seconds >= 0 ? `${seconds} s ahead of this computer` : `${-seconds} s behind this computer`
}

export function clockSkewError(seconds: number, requestId?: string): DeskError {
  return new DeskError(
    'clock_skew',
    `The provider's Date header says its clock is ${describeOffset(seconds)}: more than an hour, so either ` +
      `this computer's clock ` +
      "or the provider's is wrong. Nothing was signed with that offset. Set the system clock automatically " +
      '(NTP) and try again.',
    requestId,
  )
}

/** The offset the client signs with after a 401 invalid_timestamp: bounded, and kept only for a while. */
export class ClockOffset {
  private learnt: { seconds: number; atMs: number } | null = null

  constructor(private readonly now: () => number) {}

  /** Seconds to add to the local clock when signing now (0 when none is learnt or it has expired). */
  get seconds(): number {
    return this.current()?.seconds ?? 0
  }

  /** The learnt offset still in force, or null. */
  get learntSeconds(): number | null {
    return this.current()?.seconds ?? null
  }

  /** Accepts an offset measured from the provider's Date header, or throws clock_skew when it is beyond the bound. */
  learn(seconds: number, requestId?: string): void {
    if (Math.abs(seconds) > MAX_CLOCK_OFFSET_SECONDS) {
      this.learnt = null
      throw clockSkewError(seconds, requestId)
    }
    this.learnt = { seconds, atMs: this.now() }
  }

  private current(): { seconds: number } | null {
    if (this.learnt && this.now() - this.learnt.atMs > CLOCK_OFFSET_TTL_MS) this.learnt = null
    return this.learnt
  }
}
