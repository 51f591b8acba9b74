import { activityAction } from '../../../shared/audit/activity-action'
import type { ActivityFilter, ActivityRowData, Verification } from '../../../shared/ipc/channels/activity'
import type { AuditEntry, DeskStore, VerifyResult } from '../store'
import { activityRepo, type ActivityRepo, type ActivityScan } from '../store/audit/activity-repo'
import { payoutRecords } from '../store/audit/payout-records'
import { storeTamper } from '../store/audit/store-tamper'
import { withPayouts } from './activity-payouts'

export const ACTIVITY_PAGE = 200

/** One audit row as the Activity view shows it: who (process and person), did what, when. */
export function activityRow(e: AuditEntry & { seq: number }): ActivityRowData {
  const by = e.detail?.by
  return {
    seq: e.seq,
    at: e.at,
    action: activityAction(e),
    actor: e.actor,
    person: typeof by === 'string' ? by : null,
    method: e.method,
    path: e.path,
    status: e.status,
    errorCode: e.errorCode,
    idempotencyKey: e.idempotencyKey,
  }
}

function scanOf(filter: ActivityFilter, beforeSeq: number | null): ActivityScan {
  const iso = (v: string | undefined) => (v === undefined ? null : new Date(v).toISOString())
  return { beforeSeq, actor: filter.actor ?? null, from: iso(filter.from), to: iso(filter.to) }
}

/** The rows matching `filter` newest first, in pages, each row through `activityRow`. */
export function* activityRows(
  repo: ActivityRepo,
  filter: ActivityFilter,
  beforeSeq: number | null = null,
): Generator<ActivityRowData> {
  for (const e of repo.scan(scanOf(filter, beforeSeq))) {
    const row = activityRow(e)
    if (filter.action === undefined || row.action === filter.action) yield row
  }
}

/**
 * One page before `beforeSeq` (newest first), each row with the payout it is about, and the cursor of the next, null
 * at the first row.
 */
export function activityPage(
  store: DeskStore,
  filter: ActivityFilter & { beforeSeq?: number; limit?: number },
): { rows: ActivityRowData[]; nextBefore: number | null } {
  const limit = filter.limit ?? ACTIVITY_PAGE
  return store.read('read the audit log', () => {
    const rows: ActivityRowData[] = []
    for (const row of activityRows(store.repo(activityRepo), filter, filter.beforeSeq ?? null)) {
      rows.push(row)
      if (rows.length === limit) break
    }
    const last = rows.at(-1)
    return {
      rows: withPayouts(store, rows),
      nextBefore: rows.length === limit && last && last.seq > 1 ? last.seq : null,
    }
  })
}

/**
 * How far the chain holds. The quick check walks only the rows after the last verified one (kept in the store) and
 * checks that row still carries its hash; `whole` walks every row, as `payout-desk audit verify` does. A break is
 * never skipped: the checkpoint only moves over rows that hold, and a break found by the whole walk pulls it back.
 */
export function verifyActivity(store: DeskStore, whole: boolean): Verification {
  const repo = store.repo(activityRepo)
  const from = whole ? null : store.read('read the audit checkpoint', () => repo.checkpoint())
  const result: VerifyResult = store.read('verify the audit log', () =>
    from ? store.audit.verifyFrom(from) : store.audit.verify(),
  )
  store.transaction('keep the audit checkpoint', () => {
    // After a whole walk the checkpoint sits just before a break, so the quick check finds it again.
    if ((result.ok || whole) && result.rows > 0) repo.setCheckpoint(result.rows, store.audit.hashOf(result.rows)!)
    else if (whole) repo.clearCheckpoint()
  })
  const rows = store.read('read the audit log', () => repo.lastSeq())
  const walked = whole || from === null
  // The chain holds; the outbox rows the policy counts must still say what their audit rows recorded.
  const outbox =
    result.ok && whole
      ? store.read('check the outbox against the audit log', () => store.repo(payoutRecords).firstDisagreement())
      : null
  if (outbox)
    return { ok: false, verifiedTo: result.rows, rows, brokenSeq: outbox.seq, problem: outbox.problem, whole: walked }
  // The control rows the send gate reads must say what the chain says, named as the gate names them.
  const control =
    result.ok && whole
      ? store.read('check the store against the audit log', () => store.repo(storeTamper).whole())
      : null
  if (control)
    return {
      ok: false,
      verifiedTo: result.rows,
      rows,
      brokenSeq: control.seq,
      problem: `${control.row} ${control.problem}`,
      whole: walked,
    }
  if (result.ok) return { ok: true, verifiedTo: result.rows, rows, brokenSeq: null, problem: null, whole: walked }
  return {
    ok: false,
    verifiedTo: result.rows,
    rows,
    brokenSeq: result.brokenSeq,
    problem: result.problem,
    whole: walked,
  }
}
