import { heldExpiredMessage, MAX_HELD_EXPIRY_HOURS, HeldExpiryHoursSchema } from '../../../shared/policy/held-expiry'
import { decisionEntry } from '../audit/use-cases'
import { DeskError } from '../errors'
import type { OutboxEntry } from '../payouts/use-cases'
import type { DeskStore } from '../store'
import { heldExpiryRepo } from '../store/policy/held-expiry-repo'

/** The outbox error an expired hold carries; the agent reads it on its next call with the key. */
export const HELD_EXPIRED = 'held_expired'

/**
 * The one place a held agent payout expires: after the profile's time (default 24 h) with no person's decision it is
 * discarded with `held_expired`, and the audit log records it. Every surface (the app's tick, a release, the CLI, the
 * connector's next call) runs `expireDue` with its clock before it reads or decides a hold.
 */
export class HeldExpiry {
  constructor(
    private readonly store: DeskStore,
    /** The process that noticed the time was up (app, cli, agent). */
    private readonly actor: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  hours(): number {
    return this.store.read('read the held expiry time', () => this.store.repo(heldExpiryRepo).hours())
  }

  /** A person sets the time; the change is audited like a policy change. */
  setHours(hours: number, person: string): number {
    const parsed = HeldExpiryHoursSchema.safeParse(hours)
    if (!parsed.success)
      throw new DeskError(
        'invalid_input',
        `The expiry time is a whole number of hours from 1 to ${MAX_HELD_EXPIRY_HOURS}.`,
      )
    this.store.transaction('set the held expiry time', () => {
      const repo = this.store.repo(heldExpiryRepo)
      const before = repo.hours()
      repo.setHours(parsed.data)
      this.store.audit.append(
        decisionEntry(this.clock(), 'held.expiry_set', this.actor, null, { by: person, hours: parsed.data, before }),
      )
    })
    return parsed.data
  }

  /** Expires every held payout whose time is up; returns the ones this call expired. */
  expireDue(): OutboxEntry[] {
    const now = this.clock()
    const repo = this.store.repo(heldExpiryRepo)
    const cutoffAt = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString()
    // A read first: the app's tick and every list run this, and most of the time nothing is due (no write lock taken).
    if (this.store.read('read the held payouts', () => repo.heldSince(cutoffAt(repo.hours())).length === 0)) return []
    return this.store.transaction('expire held payouts', () => {
      const hours = repo.hours()
      return repo.heldSince(cutoffAt(hours)).map((key) => {
        const entry = this.store.outbox.get(key)!
        const message = heldExpiredMessage(entry.createdAt, hours)
        this.store.audit.append(
          decisionEntry(now, 'held.expired', this.actor, key, { heldAt: entry.createdAt, hours }, HELD_EXPIRED),
        )
        return this.store.outbox.transition(
          key,
          (e) => ({ state: 'discarded', withdrawalId: e.withdrawalId, error: { code: HELD_EXPIRED, message } }),
          this.store.processes.token,
          now.toISOString(),
        )
      })
    })
  }

  /** The held payouts that expired, oldest first. */
  expired(): OutboxEntry[] {
    return this.store.read('read the expired held payouts', () => {
      const keys = this.store.repo(heldExpiryRepo).expired()
      return keys.flatMap((k) => this.store.outbox.get(k) ?? [])
    })
  }
}
