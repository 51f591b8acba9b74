import { existsSync, readFileSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { CreateWithdrawalSchema } from '../../../shared/api/requests'
import { canMove } from '../../../shared/payouts/outbox-states'
import { AuditEntrySchema } from './audit/audit-chain'
import type { DeskStore } from './desk-store'
import { OutboxRowStateSchema, StoredOutboxErrorSchema } from './outbox/outbox-row'

/** Files written by the JSON-lines versions of the app (before the store). */
export const LEGACY_OUTBOX = 'outbox.jsonl'
export const LEGACY_AUDIT = 'audit.jsonl'

/**
 * Their codes were the provider's own text; one outside the ErrorCode table is kept in the message (see
 * StoredOutboxErrorSchema).
 */
const ErrorInfo = StoredOutboxErrorSchema.nullable()
const Request = z.object({
  type: z.literal('request'),
  key: z.string().min(1),
  body: CreateWithdrawalSchema,
  createdAt: z.string(),
  requestedBy: z.string(),
})
const Outcome = z.object({
  type: z.literal('outcome'),
  key: z.string(),
  state: OutboxRowStateSchema,
  withdrawalId: z.string().nullable(),
  error: ErrorInfo,
  at: z.string(),
})
/** An attempt as the JSON-lines audit log wrote it: the store's entry without kind, actor and detail. */
const Line = AuditEntrySchema.pick({
  at: true,
  method: true,
  path: true,
  status: true,
  errorCode: true,
  requestId: true,
  idempotencyKey: true,
})

/** Complete lines parsed as JSON; a torn last line (a crash mid-append) carried nothing that was acted on. */
function jsonLines(file: string): unknown[] {
  const text = readFileSync(file, 'utf8')
  const complete = text.endsWith('\n') ? text : text.slice(0, text.lastIndexOf('\n') + 1)
  const out: unknown[] = []
  for (const line of complete.split('\n')) {
    if (!line) continue
    try {
      out.push(JSON.parse(line))
    } catch {
      // a line damaged some other way is skipped; the rest of the history still counts
    }
  }
  return out
}

/** The JSON-lines connector named itself this way; the store names the channel (app, cli, agent). */
function requester(old: string): string {
  return old === 'ai-agent (connector)' ? 'agent' : old
}

/** The old process id used for imported outcomes; never a live process. */
const IMPORTER = 'import'

/**
 * Moves `outbox.jsonl` and `audit.jsonl` into the store, once, in one transaction, replaying the
 * outbox through the state machine (an outcome the machine refuses is skipped), then renames the
 * files beside it. Entries the old app left `sending` have no live sender and are reclaimed as unknown.
 */
export function importLegacyFiles(store: DeskStore, dir: string): { outbox: number; audit: number } {
  const outboxFile = join(dir, LEGACY_OUTBOX)
  const auditFile = join(dir, LEGACY_AUDIT)
  if (!existsSync(outboxFile) && !existsSync(auditFile)) return { outbox: 0, audit: 0 }
  const counts = { outbox: 0, audit: 0 }
  store.once('import jsonl files', () => {
    if (existsSync(outboxFile)) {
      for (const raw of jsonLines(outboxFile)) {
        const request = Request.safeParse(raw)
        if (request.success) {
          const r = request.data
          if (store.outbox.get(r.key)) continue
          store.outbox.insert(
            {
              idempotencyKey: r.key,
              body: r.body,
              createdAt: r.createdAt,
              requestedBy: requester(r.requestedBy),
              state: 'sending',
            },
            IMPORTER,
          )
          counts.outbox++
          continue
        }
        const outcome = Outcome.safeParse(raw)
        if (!outcome.success) continue
        const o = outcome.data
        const current = store.outbox.get(o.key)
        if (!current || !canMove(current.state, o.state)) continue
        store.outbox.transition(
          o.key,
          () => ({ state: o.state, withdrawalId: o.withdrawalId, error: o.state === 'accepted' ? null : o.error }),
          IMPORTER,
          o.at,
        )
      }
    }
    if (existsSync(auditFile)) {
      for (const raw of jsonLines(auditFile)) {
        const line = Line.safeParse(raw)
        if (!line.success) continue
        store.audit.append({
          ...line.data,
          kind: line.data.method === 'MCP' ? 'tool' : 'http',
          actor: null,
          detail: { imported: LEGACY_AUDIT },
        })
        counts.audit++
      }
    }
  })
  // Renamed after the commit; a crash in between leaves them to be renamed (not re-imported) next time.
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  for (const file of [outboxFile, auditFile]) if (existsSync(file)) renameSync(file, `${file}.imported-${stamp}`)
  return counts
}
