/**
 * Collects payouts that reached one status within a short window and hands them over together, so a batch whose
 * rows are approved at once is told in one notice instead of one per row. A lone payout waits only the window.
 */
export class NoticeGrouper<T> {
  private readonly pending = new Map<string, T[]>()
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>()

  constructor(
    private readonly tell: (status: string, items: readonly T[]) => void,
    private readonly windowMs = 800,
  ) {}

  add(status: string, item: T): void {
    const items = this.pending.get(status)
    if (items) {
      items.push(item)
      return
    }
    this.pending.set(status, [item])
    this.timers.set(
      status,
      setTimeout(() => {
        const told = this.pending.get(status) ?? []
        this.pending.delete(status)
        this.timers.delete(status)
        this.tell(status, told)
      }, this.windowMs),
    )
  }

  /** Drops what was not told yet (the window closed, the profile changed). */
  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t)
    this.timers.clear()
    this.pending.clear()
  }
}
