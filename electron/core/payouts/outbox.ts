import { randomUUID } from 'node:crypto'
import type { CreateWithdrawal } from '../../../shared/api/requests'
import { DeskError } from '../errors'
import { CorruptRecordError, type DeskStore, type OutboxRow } from '../store'
import { decisionRow } from '../store/audit/decision-row'
import { canMove, type OutboxState } from '../../../shared/payouts/outbox-states'

export type { OutboxState } from '../../../shared/payouts/outbox-states'
/** An entry as the store keeps it; IPC answers it through `outboxEntryView`. */
export type OutboxEntry = OutboxRow
export type OutboxErrorInfo = NonNullable<OutboxEntry['error']>

export interface AddOptions {
  /**
   * `sending` (default): attempted at once by the caller; `queued`: sent later in order; `held`: waits for a person.
   */
  state?: 'sending' | 'queued' | 'held'
  reference?: string | null
  batchId?: string | null
  notBefore?: string | null
  /**
   * The send gate's verdict, inside the write transaction that records the entry, so the decision and the entry
   * commit together; a throw records nothing.
   */
  admit?: () => 'sending' | 'held'
  /**
   * The caller's own rows about the new entry (a test payout's full amount), written in the transaction that records
   * it.
   */
  alongside?: (key: string) => void
}

/** The send gate's verdict on a claim: sent now, held for a person, or refused with its rule. */
export interface Claim {
  state: 'sending' | 'held' | 'refused'
  error?: OutboxErrorInfo | null
}

const INTERRUPTED: OutboxErrorInfo = {
  code: 'interrupted',
  message:
    'The process sending this payout stopped before the provider answered; the payout will be checked with the ' +
    'provider.',
}

/**
 * The profile's durable record of payout requests, in the profile's store and shared by every
 * process. A request (new Idempotency-Key, exact body, time, who) is committed before its first
 * attempt; every move is checked against the state machine inside the write transaction.
 */
export class Outbox {
  private constructor(
    /** The profile's store the outbox lives in. */
    readonly store: DeskStore,
    /** When a move happens: the time each attempt is recorded as sent, which the agent's rolling totals count. */
    readonly now: () => Date,
  ) {}

  /** Entries left `sending` by a process that is gone become `unknown`, now and on every heartbeat. */
  static open(store: DeskStore, now: () => Date = () => new Date()): Outbox {
    const outbox = new Outbox(store, now)
    outbox.reclaimOrphans()
    store.onTick(() => outbox.reclaimOrphans())
    return outbox
  }

  /** Newest first. Damaged rows are left out here and reported by `problems()`. */
  list(): OutboxEntry[] {
    return this.store.read('read the outbox', () => this.store.outbox.list().entries)
  }

  /** Accepted single payouts, damaged ones left out: what a session follows, read on every change. */
  acceptedSingles(): OutboxEntry[] {
    return this.store.read('read the outbox', () => this.store.outbox.acceptedSingles())
  }

  /** Single payouts waiting their time in the queue, oldest first, damaged ones left out. */
  queuedSingles(): OutboxEntry[] {
    return this.store.read('read the outbox', () => this.store.outbox.queuedSingles())
  }

  problems(): CorruptRecordError[] {
    return this.store.read('read the outbox', () => this.store.outbox.list().corrupt)
  }

  get(key: string): OutboxEntry {
    const entry = this.store.read('read the outbox', () => this.store.outbox.get(key))
    if (!entry) throw new DeskError('invalid_input', 'There is no payout with this Idempotency-Key in the outbox.')
    return entry
  }

  /**
   * A new payout: the only place a new Idempotency-Key is made, unless the caller brings its own
   * (an AI agent's key, so its retries land on this entry). Committed with its audit row before it returns.
   */
  async add(
    body: CreateWithdrawal,
    requestedBy: string,
    now = this.now(),
    key: string = randomUUID(),
    options: AddOptions = {},
  ): Promise<OutboxEntry> {
    this.store.transaction('record the payout', () => {
      this.insert(body, requestedBy, now, key, options.admit ? { ...options, state: options.admit() } : options)
      options.alongside?.(key)
    })
    return this.get(key)
  }

  /**
   * Several payouts (a batch) committed together, each under its own new key (or one the caller derived): all are
   * recorded, or none.
   * `alongside` writes the caller's own rows about them (a batch's header) in the same transaction.
   */
  async addMany(
    rows: ReadonlyArray<{ body: CreateWithdrawal; key?: string; options?: AddOptions }>,
    requestedBy: string,
    now = new Date(),
    alongside: (keys: readonly string[]) => void = () => undefined,
  ): Promise<OutboxEntry[]> {
    const keys = rows.map((r) => r.key ?? randomUUID())
    this.store.transaction(`record ${rows.length} payouts`, () => {
      rows.forEach((r, i) => this.insert(r.body, requestedBy, now, keys[i]!, r.options ?? {}))
      alongside(keys)
    })
    return keys.map((k) => this.get(k))
  }

  /** A batch's entries in file order. */
  ofBatch(batchId: string): OutboxEntry[] {
    return this.store.read('read the batch', () => this.store.outbox.ofBatch(batchId))
  }

  private insert(body: CreateWithdrawal, requestedBy: string, now: Date, key: string, options: AddOptions): void {
    const state = options.state ?? 'sending'
    this.store.outbox.insert(
      {
        idempotencyKey: key,
        body,
        createdAt: now.toISOString(),
        requestedBy,
        state,
        reference: options.reference,
        batchId: options.batchId,
        notBefore: options.notBefore,
      },
      this.store.processes.token,
    )
    this.store.audit.append(
      decisionRow(now, `payout.${state === 'sending' ? 'recorded' : state}`, requestedBy, key, {
        asset: body.asset,
        amount: body.amount,
        wallet_id: body.wallet_id,
      }),
    )
  }

  /**
   * Claims an entry for one attempt: in one transaction the entry must still be in one of `from`, and `decide` (the
   * send gate) says whether it is claimed (`sending`, this process its sender), held, or refused with its rule.
   */
  async claim(key: string, from: readonly OutboxState[], decide: (entry: OutboxEntry) => Claim): Promise<OutboxEntry> {
    return this.store.transaction('claim the payout for sending', () =>
      this.store.outbox.transition(
        key,
        (entry) => {
          if (!from.includes(entry.state))
            throw new DeskError('invalid_input', `This payout is ${entry.state} now; another process moved it first.`)
          const { state, error } = decide(entry)
          if (!canMove(entry.state, state))
            throw new DeskError('invalid_input', `A payout that is ${entry.state} cannot become ${state}.`)
          return { state, withdrawalId: entry.withdrawalId, error: error ?? null, notBefore: null }
        },
        this.store.processes.token,
        this.now().toISOString(),
      ),
    )
  }

  /** Moves an entry after an attempt (or drops it); only `claim` makes an entry `sending`. */
  async mark(
    key: string,
    wanted: Exclude<OutboxState, 'sending'>,
    extra: {
      withdrawalId?: string | null
      error?: OutboxErrorInfo | null
      notBefore?: string | null
      /** The caller's own writes about the move (the provider's answer kept), committed with it. */
      alongside?: () => void
    } = {},
  ): Promise<OutboxEntry> {
    if ((wanted as OutboxState) === 'sending')
      throw new DeskError('invalid_input', 'Only the send gate claims a payout for sending.')
    return this.store.transaction(`record the payout's ${wanted} state`, () => {
      const moved = this.store.outbox.transition(
        key,
        (entry) => {
          const state = wanted
          if (!canMove(entry.state, state))
            throw new DeskError('invalid_input', `A payout that is ${entry.state} cannot become ${state}.`)
          return {
            state,
            withdrawalId: extra.withdrawalId ?? entry.withdrawalId,
            error: state === 'accepted' ? null : (extra.error ?? null),
            notBefore: extra.notBefore ?? null,
          }
        },
        this.store.processes.token,
        this.now().toISOString(),
      )
      extra.alongside?.()
      return moved
    })
  }

  onChange(listener: () => void): () => void {
    return this.store.onOutboxChange(listener)
  }

  /** Only an entry whose sender is gone is orphaned: another live process may be waiting for its answer. */
  reclaimOrphans(): string[] {
    const reclaimed: string[] = []
    this.store.read('check the outbox for interrupted payouts', () => {
      for (const { key, sender } of this.store.outbox.inFlight()) {
        if (this.store.processes.isAlive(sender)) continue
        const moved = this.store.transaction('mark an interrupted payout', () => {
          // Re-read under the write lock: another process may have taken the entry over meanwhile.
          // A damaged row stays as it is (held, reported by `problems()`), and never stops the others' reclaim.
          const entry = this.readable(key)
          if (entry?.state !== 'sending' || this.store.processes.isAlive(this.store.outbox.sender(key))) return false
          this.store.outbox.transition(
            key,
            () => ({ state: 'unknown', withdrawalId: entry.withdrawalId, error: INTERRUPTED }),
            this.store.processes.token,
          )
          return true
        })
        if (!moved) continue
        reclaimed.push(key)
      }
    })
    return reclaimed
  }

  /** The entry, or null when it is absent or damaged. */
  private readable(key: string): OutboxEntry | null {
    try {
      return this.store.outbox.get(key)
    } catch (err) {
      if (err instanceof CorruptRecordError) return null
      throw err
    }
  }
}
