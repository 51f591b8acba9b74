/** How often, at most, a process's listeners hear that the outbox changed. */
export const TELL_EVERY_MS = 100

/**
 * The listeners of one kind of change: told at once of a change, then at most once every `everyMs`, the last change
 * always told. A batch moves its rows hundreds of times a second, and each telling reads the outbox again.
 */
export class ChangeTeller {
  private readonly listeners = new Set<() => void>()
  private toldAt = Number.NEGATIVE_INFINITY
  private later: NodeJS.Timeout | null = null

  constructor(private readonly everyMs = TELL_EVERY_MS) {}

  add(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  changed(): void {
    if (this.later) return
    const wait = this.toldAt + this.everyMs - Date.now()
    if (wait <= 0) return this.tell()
    this.later = setTimeout(() => {
      this.later = null
      this.tell()
    }, wait)
    this.later.unref()
  }

  close(): void {
    if (this.later) clearTimeout(this.later)
    this.later = null
    this.listeners.clear()
  }

  private tell(): void {
    this.toldAt = Date.now()
    for (const listener of this.listeners) {
      try {
        listener()
      } catch {
        // The change was committed; a listener that failed to read it reads again on the next change or tick.
      }
    }
  }
}
