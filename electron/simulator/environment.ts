import { LIMITS } from '../../shared/api'
import { CursorBook } from './api/cursor'
import {
  computeBalanceSums,
  currentBalance,
  holdWithdrawal,
  type CurrentBalance,
  type BalanceSums,
} from './data/balances'
import { RateLimiter } from './rate-limiter'
import { ReplayCache } from './replay-cache'
import { SignatureCheck } from './signature-check'
import type {
  BalanceRecord,
  EnvironmentData,
  EnvironmentName,
  KeyRecord,
  LegRecord,
  WalletRecord,
  WithdrawalRecord,
} from './types'

export interface Fault {
  method: string | null
  path_prefix: string
  mode: 'drop_after_commit' | 'status'
  status: 429 | 500 | 503 | null
  retry_after: number | null
  times: number
}

export interface RequestLogEntry {
  at: string
  method: string
  path: string
  key_id: string | null
  signature: string | null
  idempotency_key: string | null
  status: number
  error_code: string | null
  request_id: string
}

/** The log keeps the newest entries only, so a long benchmark cannot exhaust memory. */
const REQUEST_LOG_MAX = 50_000

const DIRECTION_ORDER: Record<LegRecord['direction'], number> = { out: 0, internal: 1, in: 2 }

/** Newest first by recording time; ties broken by id, then direction, so the order is total. */
export function compareLegs(a: LegRecord, b: LegRecord): number {
  if (a.at !== b.at) return b.at - a.at
  if (a.id !== b.id) return a.id < b.id ? 1 : -1
  return DIRECTION_ORDER[a.direction] - DIRECTION_ORDER[b.direction]
}

/** One environment (sandbox or production): its data, plus the runtime state that is never persisted. */
export class Environment {
  readonly replay = new ReplayCache(LIMITS.timestampSkewSeconds)
  readonly limiter = new RateLimiter()
  readonly cursors = new CursorBook()
  readonly signatures = new SignatureCheck()
  faults: Fault[] = []
  requestLog: RequestLogEntry[] = []
  private keyIndex: Map<string, KeyRecord> | null = null
  private idempotencyIndex: Map<string, WithdrawalRecord> | null = null
  private sorted: LegRecord[] | null = null
  private sums: BalanceSums | null = null

  constructor(
    readonly name: EnvironmentName,
    public data: EnvironmentData,
    private readonly onChange: () => void,
  ) {}

  /** Replaces all data (reset) and forgets runtime state. */
  replace(data: EnvironmentData): void {
    this.data = data
    this.faults = []
    this.requestLog = []
    this.replay.clear()
    this.limiter.clear()
    this.cursors.clear()
    this.changed()
  }

  /** Call after every mutation: drops derived indexes and schedules persistence. */
  changed(): void {
    this.keyIndex = null
    this.idempotencyIndex = null
    this.sorted = null
    this.sums = null
    this.onChange()
  }

  /**
   * A new withdrawal, taken into the derived indexes instead of dropping them: a batch of thousands adds one at a time,
   * and rebuilding the key index and the balances each time made every request cost as much as all the ones before.
   */
  addWithdrawal(record: WithdrawalRecord): void {
    this.data.withdrawals.push(record)
    this.idempotencyIndex?.set(`${record.organisation_id}\n${record.idempotency_key}`, record)
    if (this.sums) holdWithdrawal(this.sums, record)
    this.onChange()
  }

  key(keyId: string): KeyRecord | undefined {
    if (!this.keyIndex) this.keyIndex = new Map(this.data.keys.map((k) => [k.key_id, k]))
    return this.keyIndex.get(keyId)
  }

  organisationOf(workspaceId: string): string | undefined {
    return this.data.workspaces.find((w) => w.id === workspaceId)?.organisation_id
  }

  /** Withdrawal recorded under an idempotency key within an organisation (keys are unique per organisation). */
  byIdempotencyKey(organisationId: string, key: string): WithdrawalRecord | undefined {
    if (!this.idempotencyIndex) {
      this.idempotencyIndex = new Map(
        this.data.withdrawals.map((w) => [`${w.organisation_id}\n${w.idempotency_key}`, w]),
      )
    }
    return this.idempotencyIndex.get(`${organisationId}\n${key}`)
  }

  sortedLegs(): LegRecord[] {
    if (!this.sorted) this.sorted = [...this.data.legs].sort(compareLegs)
    return this.sorted
  }

  /** A balance as the movements make it now (derived, never stored). */
  balance(wallet: WalletRecord, b: BalanceRecord): CurrentBalance {
    if (!this.sums) this.sums = computeBalanceSums(this.data)
    return currentBalance(this.sums, wallet, b)
  }

  log(entry: RequestLogEntry): void {
    this.requestLog.push(entry)
    if (this.requestLog.length > REQUEST_LOG_MAX) this.requestLog.splice(0, this.requestLog.length - REQUEST_LOG_MAX)
  }

  /** Takes the first fault matching the request, counting one use. */
  takeFault(method: string, path: string): Fault | undefined {
    const fault = this.faults.find((f) => (f.method === null || f.method === method) && path.startsWith(f.path_prefix))
    if (!fault) return undefined
    fault.times--
    if (fault.times <= 0) this.faults = this.faults.filter((f) => f !== fault)
    return fault
  }
}
