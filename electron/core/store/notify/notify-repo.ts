import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { WithdrawalSchema, type Withdrawal } from '../../../../shared/api/resources'
import {
  DEFAULT_NOTIFY_SETTINGS,
  NotifySettingsSchema,
  type NotifySettings,
} from '../../../../shared/notify/notify-settings'
import { BodyRow, LabelRow } from '../common-rows'
import type { RepoFactory } from '../repo-factory'
import { foundRowOf, rowsOf } from '../scalar-rows'
import { statement } from '../statement-cache'
import { WAITING_SINCE } from '../payouts/work-per-row-indexes'
import { AcceptedPayoutRow, BatchLineRow, DeliveryRow, FinishedBatchRow, OutcomeRow, SettingsRow } from './notify-rows'

export const NOTIFY_CHANNEL_KINDS = ['slack', 'webhook', 'email', 'os'] as const
export type NotifyChannelKind = (typeof NOTIFY_CHANNEL_KINDS)[number]

const ChannelRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(NOTIFY_CHANNEL_KINDS),
  escalation: z.number().transform((n) => n === 1),
  recipient: z.string().nullable(),
  created_at: z.string(),
  last_ok_at: z.string().nullable(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  failing_since: z.string().nullable(),
})
/** A channel as stored: where it goes is in the keychain (a URL, an SMTP password), never in this row. */
export type NotifyChannelRow = z.output<typeof ChannelRowSchema>

/** One message to one channel, stored before it is tried and kept until it is delivered or given up. */
export interface NotifyDelivery {
  id: number
  subject: string
  channelId: string
  message: string
  createdAt: string
  attempts: number
}

/** An accepted single payout not announced yet, with what the store knows to name it. */
export interface UnannouncedPayout {
  key: string
  body: string
  requestedBy: string
  withdrawalId: string | null
  payeeName: string | null
  walletName: string | null
}

export interface UnannouncedBatch {
  id: string
  source: string
  requestedBy: string
  rows: Array<{ body: string; withdrawalId: string | null; payeeName: string }>
}

/** Channels, settings, marks and the message outbox: the only SQL of notifications. */
export class NotifyRepo {
  constructor(private readonly db: DatabaseSync) {}

  channels(): NotifyChannelRow[] {
    return rowsOf(
      ChannelRowSchema,
      statement(this.db, 'SELECT * FROM notify_channels ORDER BY created_at, name').all(),
      'notify_channels',
    )
  }

  hasChannels(): boolean {
    return statement(this.db, 'SELECT 1 FROM notify_channels LIMIT 1').get() !== undefined
  }

  addChannel(c: Pick<NotifyChannelRow, 'id' | 'name' | 'kind' | 'escalation' | 'recipient' | 'created_at'>): void {
    statement(
      this.db,
      'INSERT INTO notify_channels (id, name, kind, escalation, recipient, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(c.id, c.name, c.kind, c.escalation ? 1 : 0, c.recipient, c.created_at)
    // What was recorded before the first channel is not announced: a new channel is not told the profile's past.
    statement(this.db, 'INSERT OR IGNORE INTO notify_settings (id, body, since) VALUES (1, ?, ?)').run(
      JSON.stringify(DEFAULT_NOTIFY_SETTINGS),
      c.created_at,
    )
  }

  removeChannel(id: string): void {
    statement(this.db, 'DELETE FROM notify_outbox WHERE channel_id = ? AND done_at IS NULL').run(id)
    statement(this.db, 'DELETE FROM notify_channels WHERE id = ?').run(id)
  }

  settings(): { settings: NotifySettings; since: string | null } {
    const row = foundRowOf(
      SettingsRow,
      statement(this.db, 'SELECT body, since FROM notify_settings WHERE id = 1').get(),
      'notify_settings',
    )
    if (!row) return { settings: DEFAULT_NOTIFY_SETTINGS, since: null }
    const parsed = NotifySettingsSchema.safeParse(JSON.parse(row.body))
    return { settings: parsed.success ? parsed.data : DEFAULT_NOTIFY_SETTINGS, since: row.since }
  }

  setSettings(settings: NotifySettings, at: string): void {
    statement(
      this.db,
      `INSERT INTO notify_settings (id, body, since) VALUES (1, ?, ?)
         ON CONFLICT (id) DO UPDATE SET body = excluded.body`,
    ).run(JSON.stringify(settings), at)
  }

  /** Marks each subject told; returns the ones this call marked (another process may have told the rest). */
  mark(subjects: readonly string[], at: string): string[] {
    const insert = statement(this.db, 'INSERT OR IGNORE INTO notify_marks (subject, at) VALUES (?, ?)')
    return subjects.filter((s) => Number(insert.run(s, at).changes) === 1)
  }

  enqueue(subject: string, channelIds: readonly string[], message: string, at: string): void {
    const insert = statement(
      this.db,
      'INSERT OR IGNORE INTO notify_outbox (subject, channel_id, message, created_at, next_at) VALUES (?, ?, ?, ?, ?)',
    )
    for (const id of channelIds) insert.run(subject, id, message, at, at)
  }

  due(at: string): NotifyDelivery[] {
    const rows = statement(
      this.db,
      `SELECT id, subject, channel_id, message, created_at, attempts FROM notify_outbox
         WHERE done_at IS NULL AND next_at <= ? ORDER BY id LIMIT 50`,
    ).all(at)
    return rowsOf(DeliveryRow, rows, 'notify_outbox')
  }

  /** Takes a delivery for one attempt: false when another process took it first. */
  claim(id: number, attempts: number, retryAt: string): boolean {
    return (
      Number(
        statement(
          this.db,
          `UPDATE notify_outbox SET attempts = attempts + 1, next_at = ?
             WHERE id = ? AND attempts = ? AND done_at IS NULL`,
        ).run(retryAt, id, attempts).changes,
      ) === 1
    )
  }

  /** The end of a delivery (`delivered`, `gave_up`), or its error kept while it waits for `retryAt`. */
  settle(d: NotifyDelivery, outcome: { done: 'delivered' | 'gave_up' | null; error: string | null }, at: string): void {
    statement(this.db, 'UPDATE notify_outbox SET done_at = ?, outcome = ?, last_error = ? WHERE id = ?').run(
      outcome.done ? at : null,
      outcome.done,
      outcome.error,
      d.id,
    )
    if (outcome.error === null)
      statement(this.db, 'UPDATE notify_channels SET last_ok_at = ?, failing_since = NULL WHERE id = ?').run(
        at,
        d.channelId,
      )
    else
      statement(
        this.db,
        `UPDATE notify_channels SET last_error = ?, last_error_at = ?, failing_since = COALESCE(failing_since, ?)
           WHERE id = ?`,
      ).run(outcome.error, at, at, d.channelId)
  }

  unannouncedPayouts(since: string): UnannouncedPayout[] {
    const rows = statement(
      this.db,
      `SELECT o.key, o.body, o.requested_by, o.withdrawal_id FROM outbox o
         WHERE o.state = 'accepted' AND o.batch_id IS NULL AND o.created_at >= ?
           AND NOT EXISTS (SELECT 1 FROM notify_marks m WHERE m.subject = 'announce:payout:' || o.key)
         ORDER BY o.seq LIMIT 100`,
    ).all(since)
    return rowsOf(AcceptedPayoutRow, rows, 'outbox').map((r) => {
      const body = JSON.parse(r.body) as { destination?: string; wallet_id?: string }
      return {
        key: r.key,
        body: r.body,
        requestedBy: r.requested_by,
        withdrawalId: r.withdrawal_id,
        payeeName: this.payeeName(body.destination ?? ''),
        walletName: this.walletName(body.wallet_id ?? ''),
      }
    })
  }

  /** Batches (and pay-run periods) whose every row has an answer, with at least one accepted, not announced yet. */
  unannouncedBatches(since: string): UnannouncedBatch[] {
    const batches = statement(
      this.db,
      `SELECT b.id, b.source, b.requested_by FROM batches b WHERE b.created_at >= ?
         AND NOT EXISTS (SELECT 1 FROM notify_marks m WHERE m.subject = 'announce:batch:' || b.id)
         AND EXISTS (SELECT 1 FROM outbox o WHERE o.batch_id = b.id AND o.state = 'accepted')
         AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.batch_id = b.id
           AND o.state IN ('queued', 'sending', 'unknown'))`,
    ).all(since)
    const lines = statement(
      this.db,
      `SELECT o.body, o.withdrawal_id, r.destination_name FROM outbox o JOIN batch_rows r ON r.key = o.key
         WHERE o.batch_id = ? AND o.state = 'accepted' ORDER BY r.line`,
    )
    return rowsOf(FinishedBatchRow, batches, 'batches').map((b) => ({
      ...b,
      rows: rowsOf(BatchLineRow, lines.all(b.id), 'batch_rows'),
    }))
  }

  /** Payouts the cache shows waiting for approval, created at `since` or later; oldest first. */
  waiting(since: string): Withdrawal[] {
    const rows = statement(
      this.db,
      `SELECT body FROM withdrawal_cache WHERE status = 'pending_approval' AND ${WAITING_SINCE} >= julianday(?)`,
    ).all(since)
    return rowsOf(BodyRow, rows, 'withdrawal_cache')
      .flatMap((r) => {
        const w = WithdrawalSchema.safeParse(JSON.parse(r.body))
        return w.success ? [w.data] : []
      })
      .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at))
  }

  /** What became of one message on each channel: delivered, given up, or waiting (with its last error). */
  outcomes(subject: string): Array<{ channelId: string; outcome: string | null; lastError: string | null }> {
    const rows = statement(
      this.db,
      'SELECT channel_id, outcome, last_error FROM notify_outbox WHERE subject = ? ORDER BY id',
    ).all(subject)
    return rowsOf(OutcomeRow, rows, 'notify_outbox')
  }

  isMarked(subject: string): boolean {
    return statement(this.db, 'SELECT 1 FROM notify_marks WHERE subject = ?').get(subject) !== undefined
  }

  payeeName(address: string): string | null {
    const row = statement(
      this.db,
      `SELECT label FROM known_addresses
         WHERE source = 'destination' AND lower(address) = lower(?) AND label IS NOT NULL
         LIMIT 1`,
    ).get(address)
    return foundRowOf(LabelRow, row, 'known_addresses')?.label ?? null
  }

  walletName(walletId: string): string | null {
    const row = foundRowOf(
      BodyRow,
      statement(this.db, 'SELECT body FROM wallet_reads WHERE id = 1').get(),
      'wallet_reads',
    )
    if (!row) return null
    const wallets = z.array(z.object({ id: z.string(), name: z.string() })).safeParse(JSON.parse(row.body))
    return (wallets.success ? wallets.data.find((w) => w.id === walletId)?.name : null) ?? null
  }
}

export const notifyRepo: RepoFactory<NotifyRepo> = (db) => new NotifyRepo(db)
