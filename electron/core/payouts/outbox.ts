import { randomUUID } from 'node:crypto'
import type { CreateWithdrawal } from '../../../shared/api/requests'
import type { OutboxEntryView } from '../../../shared/ipc/channels/payouts'
import { DeskError } from '../errors'
import { Journal } from './journal'

export type OutboxState = OutboxEntryView['state']
export type OutboxEntry = OutboxEntryView
export type OutboxErrorInfo = NonNullable<OutboxEntry['error']>

type RequestRecord = { type: 'request'; key: string; body: CreateWithdrawal; createdAt: string; requestedBy: string }
type OutcomeRecord = { type: 'outcome'; key: string; state: OutboxState; withdrawalId: string | null; error: OutboxErrorInfo | null; at: string }

/** Moves the local state machine allows; anything else is a bug or a stale UI and is refused. */
const MOVES: Record<OutboxState, readonly OutboxState[]> = {
  sending: ['accepted', 'refused', 'unknown'],
  unknown: ['sending', 'accepted', 'unknown', 'discarded'],
  refused: ['sending', 'accepted', 'discarded'],
  accepted: ['accepted'],
  discarded: [],
}

/**
 * The profile's durable record of payout requests. A request (new Idempotency-Key, exact body,
 * time, who) is fsynced before its first attempt; every outcome is appended after it.
 */
export class Outbox {
  private readonly entries = new Map<string, OutboxEntry>()
  private readonly listeners = new Set<() => void>()

  private constructor(private readonly journal: Journal) {}

  /** Loads the file; entries left `sending` by a crash or kill become `unknown`. */
  static async open(file: string): Promise<Outbox> {
    const { journal, records } = await Journal.open(file)
    const outbox = new Outbox(journal)
    for (const r of records) outbox.apply(r as RequestRecord | OutcomeRecord)
    for (const entry of outbox.entries.values()) {
      if (entry.state === 'sending') {
        await outbox.mark(entry.idempotencyKey, 'unknown', {
          error: { code: 'interrupted', message: 'The app stopped before the provider answered; the payout will be checked with the provider.' },
        })
      }
    }
    return outbox
  }

  /** Newest first. */
  list(): OutboxEntry[] {
    return [...this.entries.values()].reverse().map((e) => structuredClone(e))
  }

  get(key: string): OutboxEntry {
    const entry = this.entries.get(key)
    if (!entry) throw new DeskError('invalid_input', 'There is no payout with this Idempotency-Key in the outbox.')
    return structuredClone(entry)
  }

  /**
   * A new payout: the only place a new Idempotency-Key is made, unless the caller brings its own
   * (an AI agent's key, so its retries land on this entry). Durable before it returns.
   */
  async add(body: CreateWithdrawal, requestedBy: string, now = new Date(), key: string = randomUUID()): Promise<OutboxEntry> {
    if (this.entries.has(key)) throw new DeskError('idempotency_conflict', 'The outbox already holds a payout with this Idempotency-Key.')
    const record: RequestRecord = { type: 'request', key, body, createdAt: now.toISOString(), requestedBy }
    await this.journal.append(record)
    this.apply(record)
    this.changed()
    return this.get(record.key)
  }

  async mark(key: string, state: OutboxState, extra: { withdrawalId?: string | null; error?: OutboxErrorInfo | null } = {}): Promise<OutboxEntry> {
    const entry = this.get(key)
    if (!MOVES[entry.state].includes(state)) {
      throw new DeskError('invalid_input', `A payout that is ${entry.state} cannot become ${state}.`)
    }
    const record: OutcomeRecord = {
      type: 'outcome',
      key,
      state,
      withdrawalId: extra.withdrawalId ?? entry.withdrawalId,
      error: state === 'accepted' ? null : (extra.error ?? null),
      at: new Date().toISOString(),
    }
    await this.journal.append(record)
    this.apply(record)
    this.changed()
    return this.get(key)
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  close(): Promise<void> {
    return this.journal.close()
  }

  private apply(r: RequestRecord | OutcomeRecord): void {
    if (r.type === 'request') {
      if (this.entries.has(r.key)) return
      this.entries.set(r.key, {
        idempotencyKey: r.key,
        body: r.body,
        createdAt: r.createdAt,
        requestedBy: r.requestedBy,
        state: 'sending',
        withdrawalId: null,
        error: null,
      })
    } else if (r.type === 'outcome') {
      const entry = this.entries.get(r.key)
      if (!entry) return
      entry.state = r.state
      entry.withdrawalId = r.withdrawalId
      entry.error = r.error
    }
  }

  private changed(): void {
    for (const l of this.listeners) l()
  }
}
