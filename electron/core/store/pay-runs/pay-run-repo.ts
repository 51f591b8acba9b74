import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { DeskError } from '../../errors'
import type { RepoFactory } from '../repo-factory'
import { foundRowOf, rowsOf } from '../scalar-rows'

/** One payee line of a run, as its file gave it (amount may be `USD 1500`). */
export const RunLineSchema = z.strictObject({
  /** The line's identity, given when it was created and kept through edits, exports and imports: part of its keys. */
  id: z.string().min(1).max(64),
  line: z.number().int().positive(),
  /** Who the line pays: its reference, else its destination; unique in the run. */
  payee: z.string().min(1),
  destination: z.string().min(1),
  amount: z.string().min(1),
  asset: z.string().min(1),
  network: z.string().nullable(),
  wallet: z.string().nullable(),
  feePriority: z.enum(['low', 'medium', 'high']).nullable(),
  reference: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  invoiceDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  /** The sum the invoice asks; runs kept before this column have none. */
  invoiceAmount: z.string().nullable().default(null),
})
export type RunLine = z.infer<typeof RunLineSchema>

export const PayRunSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  /** RFC 5545 text with its DTSTART, so every desk holding the run counts the same periods. */
  schedule: z.string().min(1),
  lines: z.array(RunLineSchema).min(1),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type PayRun = z.infer<typeof PayRunSchema>

/** A line as it was recorded for a period: what the diff of the next period compares with. */
export const SentLineSchema = z.strictObject({
  lineId: z.string(),
  payee: z.string(),
  key: z.string(),
  destination: z.string(),
  network: z.string(),
  asset: z.string(),
  amount: z.string(),
  walletId: z.string(),
  /** The provider answered that this key existed already (another desk sent the line). */
  elsewhere: z.boolean().default(false),
})
export type SentLine = z.infer<typeof SentLineSchema>

export const RunPeriodSchema = z.strictObject({
  runId: z.string(),
  period: z.string(),
  state: z.enum(['sent', 'skipped']),
  /** Who recorded it: this desk's send, another desk's run file, or the provider holding the period's keys. */
  origin: z.enum(['here', 'import', 'provider']),
  batchId: z.string().nullable(),
  lines: z.array(SentLineSchema),
  at: z.string(),
  actor: z.string(),
})
export type RunPeriod = z.infer<typeof RunPeriodSchema>

export const InvoiceSchema = z.strictObject({
  id: z.string(),
  payee: z.string(),
  number: z.string(),
  payoutKey: z.string().nullable(),
  amount: z.string().nullable(),
  invoiceDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  file: z.string().nullable(),
  sha256: z.string().nullable(),
  at: z.string(),
  actor: z.string(),
})
export type Invoice = z.infer<typeof InvoiceSchema>

const damaged = (what: string) =>
  new DeskError('record_corrupt', `The pay run record ${what} is damaged. Export the audit log and contact support.`)

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw damaged(what)
  return parsed.data
}

function json(text: string | null | undefined, what: string): unknown {
  try {
    return text == null ? [] : JSON.parse(text)
  } catch {
    throw damaged(what)
  }
}

/** Every column of the pay-run tables is text (or null); the record's own schema checks the rest. */
const RawSchema = z.record(z.string(), z.string().nullable())
type Raw = z.output<typeof RawSchema>
const OnChainRow = z.object({ number: z.string(), onchain: z.string() })

/** Pay runs, their periods and invoices; written in the caller's transaction. */
export class PayRunRepo {
  constructor(private readonly db: DatabaseSync) {}

  put(run: PayRun): void {
    this.db
      .prepare(
        `INSERT INTO pay_runs (id, name, schedule, lines, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, schedule = excluded.schedule, lines = excluded.lines,
         updated_at = excluded.updated_at`,
      )
      .run(run.id, run.name, run.schedule, JSON.stringify(run.lines), run.createdAt, run.updatedAt)
  }

  list(): PayRun[] {
    const raw = this.db.prepare('SELECT * FROM pay_runs ORDER BY name COLLATE NOCASE').all()
    return rowsOf(RawSchema, raw, 'pay_runs').map((r) => this.runOf(r))
  }

  byName(name: string): PayRun | null {
    const raw = foundRowOf(
      RawSchema,
      this.db.prepare('SELECT * FROM pay_runs WHERE name = ? COLLATE NOCASE').get(name),
      'pay_runs',
    )
    return raw ? this.runOf(raw) : null
  }

  byId(id: string): PayRun | null {
    const raw = foundRowOf(RawSchema, this.db.prepare('SELECT * FROM pay_runs WHERE id = ?').get(id), 'pay_runs')
    return raw ? this.runOf(raw) : null
  }

  putPeriod(p: RunPeriod): void {
    this.db
      .prepare(
        `INSERT INTO pay_run_periods (run_id, period, state, origin, batch_id, lines, at, actor)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(p.runId, p.period, p.state, p.origin, p.batchId, JSON.stringify(p.lines), p.at, p.actor)
  }

  /** Oldest period first. */
  periods(runId: string): RunPeriod[] {
    const raw = this.db.prepare('SELECT * FROM pay_run_periods WHERE run_id = ? ORDER BY period').all(runId)
    return rowsOf(RawSchema, raw, 'pay_run_periods').map((r) =>
      parse(
        RunPeriodSchema,
        {
          runId: r.run_id,
          period: r.period,
          state: r.state,
          origin: r.origin,
          batchId: r.batch_id,
          lines: json(r.lines, `${r.run_id} ${r.period}`),
          at: r.at,
          actor: r.actor,
        },
        `${r.run_id} ${r.period}`,
      ),
    )
  }

  /** Marks a due period said; false when it had been said already (a reminder is said once per period). */
  remind(runId: string, period: string, at: string): boolean {
    const said = this.db.prepare('SELECT 1 FROM pay_run_reminders WHERE run_id = ? AND period = ?').get(runId, period)
    if (said) return false
    this.db.prepare('INSERT INTO pay_run_reminders (run_id, period, said_at) VALUES (?, ?, ?)').run(runId, period, at)
    return true
  }

  addInvoice(i: Invoice): void {
    this.db
      .prepare(
        `INSERT INTO invoices (id, payee, number, payout_key, amount, invoice_date, due_date, file, sha256, at, actor)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(i.id, i.payee, i.number, i.payoutKey, i.amount, i.invoiceDate, i.dueDate, i.file, i.sha256, i.at, i.actor)
  }

  /** Invoices recorded for this payee under this number (case-insensitive), oldest first. */
  invoicesNumbered(payee: string, number: string): Invoice[] {
    const raw = this.db
      .prepare('SELECT * FROM invoices WHERE payee = ? AND number = ? COLLATE NOCASE ORDER BY at')
      .all(payee, number)
    return rowsOf(RawSchema, raw, 'invoices').map((r) => this.invoiceOf(r))
  }

  /** The PDF of an invoice recorded without one (a run line's number, recorded when its period was sent). */
  attachFile(id: string, file: string, sha256: string): void {
    this.db.prepare('UPDATE invoices SET file = ?, sha256 = ? WHERE id = ?').run(file, sha256, id)
  }

  invoicesOf(payoutKey: string): Invoice[] {
    const raw = this.db.prepare('SELECT * FROM invoices WHERE payout_key = ? ORDER BY at').all(payoutKey)
    return rowsOf(RawSchema, raw, 'invoices').map((r) => this.invoiceOf(r))
  }

  /**
   * Invoice numbers of the desk's payouts that reached the chain, by `transaction hash|destination` (lower case):
   * how an accounting export finds the invoice of a ledger leg. Oldest invoice first.
   */
  invoicesOnChain(): Map<string, string[]> {
    const rows = this.db
      .prepare(
        `SELECT i.number AS number, lower(json_extract(w.body, '$.tx_hash')) || '|' ||
           lower(json_extract(w.body, '$.destination')) AS onchain
         FROM invoices i JOIN outbox o ON o.key = i.payout_key JOIN withdrawal_cache w ON w.id = o.withdrawal_id
         WHERE json_valid(w.body) AND json_extract(w.body, '$.tx_hash') IS NOT NULL ORDER BY i.at`,
      )
      .all()
    const out = new Map<string, string[]>()
    for (const r of rowsOf(OnChainRow, rows, 'invoices')) out.set(r.onchain, [...(out.get(r.onchain) ?? []), r.number])
    return out
  }

  private invoiceOf(r: Raw): Invoice {
    return parse(
      InvoiceSchema,
      {
        id: r.id,
        payee: r.payee,
        number: r.number,
        payoutKey: r.payout_key,
        amount: r.amount,
        invoiceDate: r.invoice_date,
        dueDate: r.due_date,
        file: r.file,
        sha256: r.sha256,
        at: r.at,
        actor: r.actor,
      },
      `invoice ${r.id}`,
    )
  }

  private runOf(r: Raw): PayRun {
    const what = `run ${r.id}`
    return parse(
      PayRunSchema,
      {
        id: r.id,
        name: r.name,
        schedule: r.schedule,
        lines: json(r.lines, what),
        createdAt: r.created_at,
        updatedAt: r.updated_at,
      },
      what,
    )
  }
}

export const payRunRepo: RepoFactory<PayRunRepo> = (db) => new PayRunRepo(db)
