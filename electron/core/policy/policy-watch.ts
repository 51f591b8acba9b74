/** How often a running connector looks at the policy row; a person's change reaches the agent within this. */
const POLICY_WATCH_MS = 500

/**
 * Polls a fingerprint of the stored policy (the connector has no other way to hear of a change made
 * by the app or the CLI in another process) and tells listeners when it moves.
 */
export class PolicyWatch {
  private readonly listeners = new Set<() => void>()
  private readonly timer: NodeJS.Timeout
  private last: string

  constructor(
    private readonly fingerprint: () => string,
    everyMs = POLICY_WATCH_MS,
  ) {
    this.last = this.safeFingerprint()
    this.timer = setInterval(() => this.poll(), everyMs)
    this.timer.unref()
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  close(): void {
    clearInterval(this.timer)
    this.listeners.clear()
  }

  private poll(): void {
    const now = this.safeFingerprint()
    if (now === this.last) return
    this.last = now
    for (const l of this.listeners) l()
  }

  /** A store that cannot be read changes the fingerprint too: the description then says the policy is unreadable. */
  private safeFingerprint(): string {
    try {
      return this.fingerprint()
    } catch (err) {
      return `error:${(err as Error).message}`
    }
  }
}
