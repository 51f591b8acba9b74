import { randomUUID } from 'node:crypto'
import type { CreateWithdrawal } from '../../../shared/api/requests'
import type { Withdrawal } from '../../../shared/api/resources'
import type { ApiClient } from '../api/api-client'
import { ApiError } from '../api/errors'
import { checkIdempotencyKey, checkNote, checkWithdrawalBody } from '../api/input-checks'
import { DeskError } from '../errors'
import type { Outbox, OutboxEntry, OutboxErrorInfo } from './outbox'
import type { CheckedPayout } from './preflight'
import { SendGate, SendRefused, type ClaimedAttempt, type GateVerdict, type SendAsk } from './send-gate'
import { outcomeNotRecorded } from './unrecorded-outcome'

export interface PayoutResult {
  entry: OutboxEntry
  withdrawal: Withdrawal | null
}

const AGENT_ACTOR = 'agent'

function overrideHint(rule: string): string {
  return (
    `A person may still send it by overriding that rule explicitly (payout-desk held release KEY ` +
    `--override ${rule}); the override is audited.`
  )
}

/** A refusal that proves the provider recorded nothing for this attempt (spec: refused before acceptance). */
function isDefiniteRefusal(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429
}

function errorInfo(err: unknown): OutboxErrorInfo {
  if (err instanceof DeskError) {
    return err.requestId
      ? { code: err.code, message: err.message, requestId: err.requestId }
      : { code: err.code, message: err.message }
  }
  return { code: 'internal', message: 'The payout attempt failed inside the app.' }
}

/** The answers that ask the client to come back later (spec: rate limit, service unavailable). */
const ASKS_TO_WAIT: ReadonlySet<number> = new Set([429, 503])

/**
 * A 429 or a 503 with Retry-After is the provider asking to come back later. When it asks for longer
 * than the sender will wait, the payout is kept queued until then, under the same key and body (so a
 * send that did reach the provider is answered, not repeated, when it goes out).
 */
function waitAsked(err: unknown): string | null {
  if (!(err instanceof ApiError) || !ASKS_TO_WAIT.has(err.status) || err.retryAfterSeconds === undefined) return null
  // An earlier attempt may have been processed with its answer lost (issue 34, the soak's unresolved entry): the
  // outcome is unknown and looked up by key; queued would let it be discarded or refused while the provider has it.
  if (err.afterUncertainAttempt) return null
  return new Date(Date.now() + err.retryAfterSeconds * 1000).toISOString()
}

function waitingInfo(err: ApiError, notBefore: string): OutboxErrorInfo {
  const info = errorInfo(err)
  return {
    ...info,
    message:
      `The provider asked to wait until ${notBefore} before this payout is sent; it waits in the outbox ` +
      `(same key and body) and can be discarded meanwhile.`,
  }
}

const NOT_RECORDED: OutboxErrorInfo = {
  code: 'not_recorded',
  message: 'The provider has no record of this payout. Send it again (same Idempotency-Key and body) or discard it.',
}

/** What a request records beside its entry: the desk's own reference, and the caller's rows in the same transaction. */
/** How a payout is asked for, besides its body: who asks, and what comes with the request. */
export interface RequestOptions {
  /** Who asks (a person's account name, the agent's requester). */
  requestedBy: string
  /** The caller's own Idempotency-Key (the agent's); a new one otherwise. */
  idempotencyKey?: string
  reference?: string
  alongside?: (key: string) => void
  /** The payout as the provider will execute it, read just before (so the gate does not read it again). */
  checked?: CheckedPayout
  /** A person's production payout: its amount typed again. */
  retypedAmount?: string | null
  /** `again`: a person's new payout repeating an expired, rejected or failed one (the gate's look-alike rule too). */
  how?: 'new' | 'again'
}

/** What stops an entry from being sent, as its outbox error: the gate's rule by name. */
function stoppedInfo(v: Extract<GateVerdict, { outcome: 'refuse' }>): OutboxErrorInfo {
  return {
    code: v.code,
    message: `Not sent: stopped by the rule ${v.rule} at the moment of sending. ${v.message}`,
    rule: v.rule,
  }
}

/**
 * Payout requests through the outbox: the entry is durable before the first attempt, every
 * retry and re-send reuses its Idempotency-Key and body, and outcomes nobody saw are looked up.
 */
export class PayoutRequests {
  private readonly gate: SendGate

  constructor(
    readonly outbox: Outbox,
    private readonly client: ApiClient,
    private readonly onAccepted: (withdrawal: Withdrawal) => void = () => undefined,
    /** The profile's gate; without one (tests, tools), agent payouts are refused and nothing is production. */
    gate?: SendGate,
  ) {
    this.gate = gate ?? new SendGate({ store: outbox.store, client, profile: () => ({ environment: 'sandbox' }) })
  }

  /**
   * A new payout: new Idempotency-Key (or the agent's own), written and fsynced with the gate's verdict, then sent.
   * The gate may record it `held` instead (an agent's policy), or refuse it: then nothing is recorded.
   * `extra.alongside` writes the caller's rows about the entry in the transaction that records it.
   */
  async request(body: CreateWithdrawal, extra: RequestOptions): Promise<PayoutResult> {
    const { requestedBy, idempotencyKey } = extra
    const checked = checkWithdrawalBody(extra.checked?.body ?? body)
    const key = idempotencyKey === undefined ? randomUUID() : checkIdempotencyKey(idempotencyKey)
    // The reference is the desk's own: kept with the entry, never part of the body sent to the provider.
    const ref =
      extra.reference === undefined || extra.reference.trim() === ''
        ? null
        : checkNote(extra.reference.trim(), 'reference')
    const now = this.outbox.now()
    const draft: OutboxEntry = {
      idempotencyKey: key,
      body: checked,
      createdAt: now.toISOString(),
      requestedBy,
      state: 'sending',
      withdrawalId: null,
      error: null,
      notBefore: null,
      reference: ref,
      batchId: null,
    }
    const ask: SendAsk = {
      how: extra.how ?? 'new',
      checked: extra.checked ?? null,
      retypedAmount: extra.retypedAmount ?? null,
      actor: requestedBy,
    }
    const prepared = await this.gate.prepare(draft, ask)
    const admit = (): 'sending' | 'held' => {
      const verdict = this.gate.decide(draft, ask, prepared, now)
      if (verdict.outcome === 'refuse')
        throw new SendRefused(verdict, `${stoppedInfo(verdict).message} Nothing was recorded or sent.`)
      return verdict.outcome === 'hold' ? 'held' : 'sending'
    }
    const entry = await this.outbox.add(checked, requestedBy, now, key, {
      admit,
      ...(extra.alongside ? { alongside: extra.alongside } : {}),
      reference: ref,
    })
    return entry.state === 'held' ? { entry, withdrawal: null } : this.send(SendGate.claimed(entry))
  }

  /** An unrecorded or refused entry sent again, with its own key and body; `actor` 'agent' when the agent asks. */
  async resend(key: string, ask: Omit<SendAsk, 'how'> & { how?: 'resend' | 'batch' } = {}): Promise<PayoutResult> {
    return this.claimAndSend(key, ['unknown', 'refused'], { how: 'resend', ...ask })
  }

  /**
   * Sends an entry that was recorded to be sent later (a queued payout or batch row, a held agent request released
   * by a person), under the key and body it was recorded with, if the gate lets it through now.
   */
  async sendRecorded(key: string, ask: SendAsk = { how: 'queued' }): Promise<PayoutResult> {
    // Only a person's release sends a held entry; anything else sends what waits its turn.
    return this.claimAndSend(key, ask.how === 'release' ? ['held'] : ['queued'], ask)
  }

  /**
   * The gate's reads first (outside the write lock), then one transaction: the entry must still be in one of
   * `from`, the gate decides, and the entry is claimed (`sending`), held, or marked refused with the rule. A
   * release the gate refuses, or an agent's own retry, leaves the entry as it was and throws.
   */
  private async claimAndSend(
    key: string,
    from: ReadonlyArray<OutboxEntry['state']>,
    ask: SendAsk,
  ): Promise<PayoutResult> {
    const before = this.outbox.get(key)
    if (!from.includes(before.state)) {
      throw new DeskError(
        'invalid_input',
        `This payout is ${before.state}; only a ${from.join(' or ')} one is sent this way.`,
      )
    }
    const prepared = await this.gate.prepare(before, ask)
    const now = this.outbox.now()
    const entry = await this.outbox.claim(key, from, (current) => {
      const verdict = this.gate.decide(current, ask, prepared, now)
      if (verdict.outcome === 'send') return { state: 'sending' }
      if (verdict.outcome === 'hold')
        return { state: 'held', error: { code: 'payout_held', message: verdict.message, rule: verdict.rule } }
      const keepsState = ask.how === 'release' || ask.actor === AGENT_ACTOR
      if (keepsState)
        throw new SendRefused(
          verdict,
          stoppedInfo(verdict).message + (ask.how === 'release' ? ` It stays held. ${overrideHint(verdict.rule)}` : ''),
        )
      this.gate.noteStop(key, verdict, ask, now)
      return { state: 'refused', error: stoppedInfo(verdict) }
    })
    return entry.state === 'sending' ? this.send(SendGate.claimed(entry)) : { entry, withdrawal: null }
  }

  /**
   * What a sending tick (a batch's or a pay run's rows, each minute of them) reads once before its first row: the
   * provider's payouts read back and held against what was asked, so a payout altered at the provider stops this
   * tick's sends even if nothing else read it yet; then the book's payee changes (the rows pass them in their
   * `SendAsk`).
   */
  async payeeChangeTick(): ReturnType<SendGate['payeeChangeTick']> {
    // Only a desk that recorded payouts has any to compare.
    if (this.outbox.list().some((e) => e.withdrawalId !== null)) {
      const read: Withdrawal[] = []
      for await (const w of this.client.withdrawals({ limit: 100 })) read.push(w)
      this.outbox.store.transaction('keep the payouts read back', () => this.outbox.store.withdrawals.putMany(read))
    }
    return this.gate.payeeChangeTick()
  }

  /** Asks the provider what it recorded under the entry's key. */
  async checkAgain(key: string): Promise<OutboxEntry> {
    return (await this.resolve(key)).entry
  }

  /** Start-up and on demand: every `unknown` entry looked up once. */
  async resolveUnknown(): Promise<OutboxEntry[]> {
    const out: OutboxEntry[] = []
    for (const entry of this.outbox.list()) {
      if (entry.state === 'unknown') out.push(await this.checkAgain(entry.idempotencyKey))
    }
    return out
  }

  /** Drops an entry the provider never recorded; one it did record cannot be discarded. */
  async discard(key: string): Promise<OutboxEntry> {
    const entry = this.outbox.get(key)
    if (entry.state === 'unknown') {
      const checked = await this.checkAgain(key)
      if (checked.state === 'accepted') {
        throw new DeskError(
          'invalid_input',
          'The provider has recorded this payout, so it cannot be discarded; cancel it while it waits for approval.',
        )
      }
      if (checked.error?.code !== NOT_RECORDED.code) {
        throw new DeskError(
          'network_error',
          'The provider could not be asked whether it recorded this payout; try again before discarding.',
        )
      }
    } else if (entry.state !== 'refused' && entry.state !== 'queued') {
      throw new DeskError(
        'invalid_input',
        `This payout is ${entry.state}; only a waiting, unknown or refused one can be discarded.`,
      )
    }
    return this.outbox.mark(key, 'discarded')
  }

  /** The one POST of a withdrawal: only an attempt the gate let through and this process claimed. */
  private async send(entry: ClaimedAttempt): Promise<PayoutResult> {
    const key = entry.idempotencyKey
    let withdrawal: Withdrawal
    try {
      withdrawal = (await this.client.createWithdrawal(entry.body, key)).withdrawal
    } catch (err) {
      if (isDefiniteRefusal(err))
        return { entry: await this.outbox.mark(key, 'refused', { error: errorInfo(err) }), withdrawal: null }
      const wait = waitAsked(err)
      if (wait !== null)
        return {
          entry: await this.outbox.mark(key, 'queued', { error: waitingInfo(err as ApiError, wait), notBefore: wait }),
          withdrawal: null,
        }
      await this.outbox.mark(key, 'unknown', { error: errorInfo(err) }).catch((markErr: unknown) => {
        throw outcomeNotRecorded(markErr, null)
      })
      return this.resolve(key)
    }
    return this.recordAccepted(key, withdrawal)
  }

  private async recordAccepted(key: string, withdrawal: Withdrawal): Promise<PayoutResult> {
    this.onAccepted(withdrawal)
    try {
      // The answer is kept in the same commit as the move: one write to disk per accepted payout, not two.
      const keep = () => this.outbox.store.withdrawals.put(withdrawal)
      return {
        entry: await this.outbox.mark(key, 'accepted', { withdrawalId: withdrawal.id, alongside: keep }),
        withdrawal,
      }
    } catch (err) {
      throw outcomeNotRecorded(err, withdrawal.id)
    }
  }

  private async resolve(key: string): Promise<PayoutResult> {
    const entry = this.outbox.get(key)
    if (entry.state !== 'unknown') return { entry, withdrawal: null }
    let found: Withdrawal | null
    try {
      found = await this.client.findWithdrawalByKey(key)
    } catch (err) {
      return { entry: await this.outbox.mark(key, 'unknown', { error: errorInfo(err) }), withdrawal: null }
    }
    if (!found) return { entry: await this.outbox.mark(key, 'unknown', { error: NOT_RECORDED }), withdrawal: null }
    return this.recordAccepted(key, found)
  }
}
