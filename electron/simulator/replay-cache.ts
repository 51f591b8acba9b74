/**
 * Signatures already accepted. An entry is kept until its timestamp has left the window, so it can never be accepted
 * again.
 */
export class ReplayCache {
  private readonly seen = new Map<string, number>()
  private nextSweep = 0

  constructor(private readonly windowSeconds: number) {}

  /** Records the signature; false when it was seen before. */
  accept(signature: string, timestampSeconds: number, nowMs: number): boolean {
    this.sweep(nowMs)
    if (this.seen.has(signature)) return false
    this.seen.set(signature, (timestampSeconds + this.windowSeconds + 1) * 1000)
    return true
  }

  clear(): void {
    this.seen.clear()
  }

  get size(): number {
    return this.seen.size
  }

  private sweep(nowMs: number): void {
    if (nowMs < this.nextSweep) return
    this.nextSweep = nowMs + 5000
    for (const [signature, forgetAt] of this.seen) if (forgetAt <= nowMs) this.seen.delete(signature)
  }
}
