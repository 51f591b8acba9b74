import type { ChannelName } from '../../../shared/ipc/channels'
import type { LockStatus, PersonView } from '../../../shared/ipc/channels/desk-lock'
import { DeskError } from '../errors'
import { unlockWaitMs } from './backoff'
import { ADMIN_ONLY, NEEDS_PRESENCE, OPEN_WHILE_LOCKED, WRITES } from './channel-rules'
import type { PeoplePort } from './people-port'
import type { UnlockTriesStore } from './unlock-tries-file'

export const DEFAULT_IDLE_MINUTES = 10
export const DEFAULT_PRESENCE_MINUTES = 5
/** People are read again at most this often on the gate's path (the CLI may add or remove one meanwhile). */
const PEOPLE_FRESH_MS = 2_000

/** The lock's times as the desk's settings keep them; absent, the defaults. */
export interface LockTimes {
  idleMinutes?: number
  presenceMinutes?: number
}

export type LockReason = 'start' | 'idle' | 'person' | 'lock_screen' | 'suspend' | 'person_removed'
export type LockAuditEvent =
  | { event: 'locked'; person: string | null; reason: LockReason }
  | { event: 'unlocked'; person: string }
  | { event: 'unlock_failed'; person: string; failures: number }
  | { event: 'confirmed'; person: string }

export interface DeskLockDeps {
  people: PeoplePort
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number
  idleMinutes?: number
  presenceMinutes?: number
  /** The desk's idle and re-ask minutes (its settings, which the CLI may change meanwhile); read with the people. */
  times?: () => Promise<LockTimes>
  /** Whether a presence channel's write would reach production (its profile in the input, else the open one). */
  isProduction(input: unknown): Promise<boolean>
  /** Every lock, unlock and failure; the desk writes it to the open profile's audit log. */
  audit(entry: LockAuditEvent): void
  onChange(status: { locked: boolean; person: PersonView | null }): void
  /** Where the failures are kept across restarts (the app's data folder); in memory without. */
  tries?: UnlockTriesStore
}

/**
 * Who is at the desk. Without people the desk is open, as it always was; once a person exists it starts locked,
 * opens to a named person's passphrase, and locks again on idle, on the system's lock screen or suspend, or when the
 * person asks. Every IPC call passes `gate` first.
 */
export class DeskLock {
  private enabled = false
  private peopleReadAt = -Infinity
  private names: string[] = []
  private person: PersonView | null = null
  private passphraseAt = 0
  private lastInput: number
  private failures = 0
  private nextTryAt = 0
  private systemIdleSeconds: (() => number) | null = null
  private readonly now: () => number
  private idleMs: number
  private presenceMs: number

  constructor(private readonly deps: DeskLockDeps) {
    this.now = deps.now ?? Date.now
    this.idleMs = (deps.idleMinutes ?? DEFAULT_IDLE_MINUTES) * 60_000
    this.presenceMs = (deps.presenceMinutes ?? DEFAULT_PRESENCE_MINUTES) * 60_000
    this.lastInput = this.now()
  }

  /** Reads the people and locks if there are any: the desk starts locked. */
  async start(): Promise<void> {
    const tries = await this.deps.tries?.read()
    if (tries) ({ failures: this.failures, nextTryAt: this.nextTryAt } = tries)
    await this.readPeople(true)
    if (this.enabled) this.deps.audit({ event: 'locked', person: null, reason: 'start' })
  }

  get locked(): boolean {
    return this.enabled && this.person === null
  }

  /** The unlocked person, whose name the app's acts carry. */
  get atDesk(): PersonView | null {
    return this.person
  }

  async status(): Promise<LockStatus> {
    await this.readPeople(true)
    return {
      enabled: this.enabled,
      locked: this.locked,
      person: this.person,
      people: this.names,
      waitSeconds: Math.ceil(Math.max(0, this.nextTryAt - this.now()) / 1000),
      idleMinutes: this.idleMs / 60_000,
    }
  }

  async unlock(name: string, passphrase: string): Promise<LockStatus> {
    await this.readPeople(true)
    if (!this.enabled) return this.status()
    const person = await this.verify(name, passphrase)
    this.person = person
    this.passphraseAt = this.now()
    this.lastInput = this.now()
    this.deps.audit({ event: 'unlocked', person: person.name })
    this.changed()
    return this.status()
  }

  /** The person at the desk typed the passphrase again: production writes go ahead for the next few minutes. */
  async confirm(passphrase: string): Promise<LockStatus> {
    const person = this.person
    if (!person) throw lockedError()
    await this.verify(person.name, passphrase)
    this.passphraseAt = this.now()
    this.deps.audit({ event: 'confirmed', person: person.name })
    return this.status()
  }

  /** A second person at this desk (four eyes) gives their passphrase: the same tries and waits as an unlock. */
  async verifySecond(name: string, passphrase: string): Promise<PersonView> {
    if (!this.person) throw lockedError()
    return this.verify(name, passphrase)
  }

  lock(reason: LockReason): void {
    if (!this.enabled || !this.person) return
    const person = this.person.name
    this.person = null
    this.deps.audit({ event: 'locked', person, reason })
    this.changed()
  }

  /** The person's own input (the page's events). */
  input(): void {
    this.lastInput = this.now()
  }

  /** The shell's measure of the system's idle time (Electron's powerMonitor), beside the page's input. */
  useSystemIdle(seconds: () => number): void {
    this.systemIdleSeconds = seconds
  }

  /** Locks once the person has been away for the idle minutes; the shell calls it on a timer. */
  tick(): void {
    if (!this.person) return
    const fromPage = this.now() - this.lastInput
    const idle = this.systemIdleSeconds ? Math.min(fromPage, this.systemIdleSeconds() * 1000) : fromPage
    if (idle >= this.idleMs) this.lock('idle')
  }

  /** Refuses what the desk's state or the person's role does not allow; a DeskError says why. */
  async gate(channel: ChannelName, input: unknown): Promise<void> {
    await this.readPeople(false)
    if (!this.enabled || OPEN_WHILE_LOCKED.has(channel)) return
    const person = this.person
    if (!person) throw lockedError()
    if (person.role === 'viewer' && WRITES.has(channel))
      throw new DeskError('view_only', `${person.name} has a viewer's seat: this desk shows, it does not change.`)
    if (person.role !== 'admin' && ADMIN_ONLY.has(channel))
      throw new DeskError('admin_only', 'Key and policy changes, profiles and people are an admin’s.')
    if (
      NEEDS_PRESENCE.has(channel) &&
      this.now() - this.passphraseAt > this.presenceMs &&
      (await this.deps.isProduction(input))
    )
      throw new DeskError(
        'passphrase_again',
        `A production write: type ${person.name}’s passphrase again (last typed over ` +
          `${this.presenceMs / 60_000} minutes ago).`,
      )
  }

  /** The People section changed who exists: read them now, and let the first person in at once. */
  async peopleChanged(unlockAs?: PersonView): Promise<void> {
    // Seated before the read, so the desk never shows locked between the first person and their seat.
    if (!this.enabled && unlockAs) {
      this.person = unlockAs
      this.passphraseAt = this.now()
      this.lastInput = this.now()
    }
    await this.readPeople(true)
    if (unlockAs && this.person?.id === unlockAs.id) {
      this.deps.audit({ event: 'unlocked', person: unlockAs.name })
      this.changed()
    }
  }

  private async verify(name: string, passphrase: string): Promise<PersonView> {
    const wait = this.nextTryAt - this.now()
    if (wait > 0)
      throw new DeskError('unlock_wait', `Too many wrong passphrases: try again in ${Math.ceil(wait / 1000)} seconds.`)
    try {
      const person = await this.deps.people.verify(name, passphrase)
      if (this.failures > 0) await this.keepTries(0, 0)
      return person
    } catch (err) {
      if (!(err instanceof DeskError) || !['wrong_passphrase', 'person_not_found'].includes(err.code)) throw err
      await this.keepTries(this.failures + 1, this.now() + unlockWaitMs(this.failures + 1))
      this.deps.audit({ event: 'unlock_failed', person: name, failures: this.failures })
      // One answer for a wrong name and a wrong passphrase.
      throw new DeskError('wrong_passphrase', 'That name and passphrase do not match.')
    }
  }

  private async keepTries(failures: number, nextTryAt: number): Promise<void> {
    this.failures = failures
    this.nextTryAt = nextTryAt
    await this.deps.tries?.write({ failures, nextTryAt })
  }

  private async readPeople(force: boolean): Promise<void> {
    if (!force && this.now() - this.peopleReadAt < PEOPLE_FRESH_MS) return
    const people = await this.deps.people.list()
    if (this.deps.times) this.useTimes(await this.deps.times())
    this.peopleReadAt = this.now()
    const wasLocked = this.locked
    this.enabled = people.length > 0
    this.names = people.map((p) => p.name)
    const still = people.find((p) => p.id === this.person?.id) ?? null
    if (this.person && !still && this.enabled) return this.lock('person_removed')
    this.person = still
    if (wasLocked !== this.locked) this.changed()
  }

  private useTimes(times: LockTimes): void {
    this.idleMs = (times.idleMinutes ?? this.deps.idleMinutes ?? DEFAULT_IDLE_MINUTES) * 60_000
    this.presenceMs = (times.presenceMinutes ?? this.deps.presenceMinutes ?? DEFAULT_PRESENCE_MINUTES) * 60_000
  }

  private changed(): void {
    this.deps.onChange({ locked: this.locked, person: this.person })
  }
}

function lockedError(): DeskError {
  return new DeskError('desk_locked', 'Payout Desk is locked: unlock it with your name and passphrase.')
}
