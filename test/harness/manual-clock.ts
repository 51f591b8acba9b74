import type { FollowClock } from '../../electron/core/payouts/follow-budget'

/**
 * A follow clock the test moves: timers fire only inside `advance`, each after the work the one before started ended.
 */
export class ManualFollowClock implements FollowClock {
  private timers: Array<{ at: number; run: () => void; id: number }> = []
  private nextId = 1

  /**
   * `perLookMs`: time passes by this much each time the clock is read, as it does while a round of reads is under way
   * (each request takes its time), so a round's requests do not all start at one instant.
   */
  constructor(
    private t: number,
    private readonly perLookMs = 0,
  ) {}

  now(): number {
    const at = this.t
    this.t += this.perLookMs
    return at
  }

  set(run: () => void, ms: number): unknown {
    const id = this.nextId++
    this.timers.push({ at: this.t + Math.max(0, ms), run, id })
    return id
  }

  clear(handle: unknown): void {
    this.timers = this.timers.filter((x) => x.id !== handle)
  }

  /** Moves time by `ms` in steps of `stepMs`, firing what falls due and awaiting `settled` after each. */
  async advance(ms: number, settled: () => Promise<void>, stepMs = 250): Promise<void> {
    const end = this.t + ms
    while (this.t < end) {
      this.t = Math.max(this.t, Math.min(end, this.t + stepMs))
      for (;;) {
        const due = this.timers.filter((x) => x.at <= this.t).sort((a, b) => a.at - b.at)[0]
        if (!due) break
        this.timers = this.timers.filter((x) => x !== due)
        due.run()
        await settled()
      }
    }
  }
}
