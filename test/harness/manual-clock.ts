import type { FollowClock } from '../../electron/core/payouts/follow-budget'

/**
 * A follow clock the test moves: timers fire only inside `advance`, each after the work the one before started ended.
 */
export class ManualFollowClock implements FollowClock {
  private timers: Array<{ at: number; run: () => void; id: number }> = []
  private nextId = 1

  constructor(private t: number) {}

  now(): number {
    return this.t
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
      this.t = Math.min(end, this.t + stepMs)
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
