import { z } from 'zod'
import {
  CounterpartySchema,
  envelope,
  TransactionLegSchema,
  WalletSchema,
  WithdrawalSchema,
  type Counterparty,
  type TransactionLeg,
  type Wallet,
  type Withdrawal,
} from '../../../shared/api/resources'
import { boundedArray } from '../../../shared/api/bounded-array'
import type {
  CreateCounterparty,
  CreateWithdrawal,
  TransactionQuery,
  WithdrawalQuery,
} from '../../../shared/api/requests'
import { InvalidResponseError } from './errors'
import {
  checkCounterpartyBody,
  checkId,
  checkIdempotencyKey,
  checkTransactionQuery,
  checkWithdrawalBody,
  checkWithdrawalQuery,
} from './input-checks'
import { PagingGuard } from './paging-guard'
import type { Priority } from './pacing-rule'
import type { RequestSender } from './request-sender'

const WalletList = envelope(boundedArray(WalletSchema))
const WalletOne = envelope(WalletSchema)
const LegList = envelope(boundedArray(TransactionLegSchema))
const CounterpartyList = envelope(boundedArray(CounterpartySchema))
const CounterpartyOne = envelope(CounterpartySchema)
const WithdrawalList = envelope(boundedArray(WithdrawalSchema))
const WithdrawalOne = envelope(WithdrawalSchema)

export interface TransactionPage {
  rows: TransactionLeg[]
  nextCursor: string | null
}

export interface WithdrawalPage {
  rows: Withdrawal[]
  nextOffset: number | null
}

export interface WithdrawalAnswer {
  withdrawal: Withdrawal
  /** 200 with meta.idempotent_replay: the provider had this key already. */
  replay: boolean
  requestId: string | undefined
}

type Opts = { signal?: AbortSignal }

/**
 * The ten endpoints of Client API v1, each through the one request pipeline, all with the priority the client was made
 * with: a person's client (`interactive`) or the background's (`background`, from `as`). Background services take an
 * `ApiClient<'background'>`, so one handed a person's client does not compile.
 */
export class ApiClient<P extends Priority = Priority> {
  constructor(
    readonly sender: RequestSender,
    readonly priority: P,
  ) {}

  /** The same key and budget, for requests of another priority. */
  as<Q extends Priority>(priority: Q): ApiClient<Q> {
    return new ApiClient(this.sender, priority)
  }

  async listWallets(o: Opts = {}): Promise<Wallet[]> {
    return (await this.get('/api/v1/wallets', WalletList, undefined, o)).data
  }

  async getWallet(walletId: string, o: Opts = {}): Promise<Wallet> {
    return (await this.get(`/api/v1/wallets/${enc(checkId(walletId, 'wallet id'))}`, WalletOne, undefined, o)).data
  }

  async transactionPage(query: TransactionQuery = {}, o: Opts = {}): Promise<TransactionPage> {
    const q = checkTransactionQuery(query)
    const body = await this.get('/api/v1/transactions', LegList, q, o)
    return { rows: body.data, nextCursor: body.meta.next_cursor ?? null }
  }

  /**
   * Follows next_cursor until null with the range unchanged; yields each page's rows not seen before by (id,
   * direction).
   */
  async *transactionPages(
    query: Omit<TransactionQuery, 'cursor'> = {},
    o: Opts = {},
  ): AsyncGenerator<TransactionLeg[]> {
    const seen = new Set<string>()
    const guard = new PagingGuard()
    let cursor: string | undefined
    for (;;) {
      const page = await this.transactionPage({ ...query, cursor }, o)
      guard.next('', page.rows.length, page.nextCursor)
      const fresh = page.rows.filter((r) => {
        const k = `${r.id}\u0000${r.direction}`
        if (seen.has(k)) return false
        seen.add(k)
        return true
      })
      yield fresh
      if (page.nextCursor === null) return
      cursor = page.nextCursor
    }
  }

  async *transactions(query: Omit<TransactionQuery, 'cursor'> = {}, o: Opts = {}): AsyncGenerator<TransactionLeg> {
    for await (const rows of this.transactionPages(query, o)) yield* rows
  }

  async getTransaction(transactionId: string, o: Opts = {}): Promise<TransactionLeg[]> {
    return (
      await this.get(`/api/v1/transactions/${enc(checkId(transactionId, 'transaction id'))}`, LegList, undefined, o)
    ).data
  }

  async listCounterparties(o: Opts = {}): Promise<Counterparty[]> {
    return (await this.get('/api/v1/counterparties', CounterpartyList, undefined, o)).data
  }

  async createCounterparty(
    input: CreateCounterparty,
    o: Opts = {},
  ): Promise<{ counterparty: Counterparty; alreadyExists: boolean }> {
    const body = checkCounterpartyBody(input)
    const res = await this.sender.send({
      method: 'POST',
      path: '/api/v1/counterparties',
      body,
      kind: 'counterparty',
      schema: CounterpartyOne,
      priority: this.priority,
      ...o,
    })
    return { counterparty: res.body.data, alreadyExists: res.body.meta.already_exists === true }
  }

  async withdrawalPage(query: WithdrawalQuery = {}, o: Opts = {}): Promise<WithdrawalPage> {
    const q = checkWithdrawalQuery(query)
    const body = await this.get('/api/v1/withdrawals', WithdrawalList, q, o)
    return { rows: body.data, nextOffset: body.meta.next_offset ?? null }
  }

  /** Follows next_offset until null; new rows may shift offsets, so rows are deduplicated by id. */
  async *withdrawals(query: Omit<WithdrawalQuery, 'offset'> = {}, o: Opts = {}): AsyncGenerator<Withdrawal> {
    const seen = new Set<string>()
    let offset: number | undefined
    for (;;) {
      const page = await this.withdrawalPage({ ...query, offset }, o)
      for (const row of page.rows) {
        if (seen.has(row.id)) continue
        seen.add(row.id)
        yield row
      }
      if (page.nextOffset === null) return
      if (offset !== undefined && page.nextOffset <= offset) {
        throw new InvalidResponseError(
          200,
          'The provider returned a next_offset that does not advance; paging stopped.',
        )
      }
      offset = page.nextOffset
    }
  }

  /** The withdrawal recorded under this Idempotency-Key, or null when the provider has none. */
  async findWithdrawalByKey(idempotencyKey: string, o: Opts = {}): Promise<Withdrawal | null> {
    const page = await this.withdrawalPage({ idempotency_key: checkIdempotencyKey(idempotencyKey), limit: 1 }, o)
    return page.rows[0] ?? null
  }

  async createWithdrawal(input: CreateWithdrawal, idempotencyKey: string, o: Opts = {}): Promise<WithdrawalAnswer> {
    const body = checkWithdrawalBody(input)
    const key = checkIdempotencyKey(idempotencyKey)
    const res = await this.sender.send({
      method: 'POST',
      path: '/api/v1/withdrawals',
      body,
      idempotencyKey: key,
      kind: 'withdrawal',
      schema: WithdrawalOne,
      priority: this.priority,
      ...o,
    })
    return { withdrawal: res.body.data, replay: res.body.meta.idempotent_replay === true, requestId: res.requestId }
  }

  async getWithdrawal(withdrawalId: string, o: Opts = {}): Promise<{ withdrawal: Withdrawal; stale: boolean }> {
    const res = await this.get(
      `/api/v1/withdrawals/${enc(checkId(withdrawalId, 'payout id'))}`,
      WithdrawalOne,
      undefined,
      o,
    )
    return { withdrawal: res.data, stale: res.meta.stale === true }
  }

  async cancelWithdrawal(withdrawalId: string, o: Opts = {}): Promise<Withdrawal> {
    const path = `/api/v1/withdrawals/${enc(checkId(withdrawalId, 'payout id'))}/cancel`
    return (
      await this.sender.send({
        method: 'POST',
        path,
        kind: 'cancel',
        schema: WithdrawalOne,
        priority: this.priority,
        ...o,
      })
    ).body.data
  }

  private async get<S extends z.ZodType>(
    path: string,
    schema: S,
    query: Record<string, string | number | undefined> | undefined,
    o: Opts,
  ) {
    return (await this.sender.send({ method: 'GET', path, query, kind: 'read', schema, priority: this.priority, ...o }))
      .body
  }
}

function enc(id: string): string {
  return encodeURIComponent(id)
}
