import { ACTIVITY_ACTION_WORDS } from '../../../shared/audit/activity-action'
import type { ActivityFilter, ActivityRowData } from '../../../shared/ipc/channels/activity'
import type { DeskStore } from '../store'
import { activityRepo } from '../store/audit/activity-repo'
import { writeCsvExport, type ExportProgress } from '../csv/write'
import { activityRows } from './activity'

export const ACTIVITY_CSV_HEADER = [
  'row',
  'time',
  'action',
  'process',
  'person',
  'method',
  'path',
  'status',
  'error_code',
  'idempotency_key',
] as const
const PAGE = 2_000

export function activityCells(r: ActivityRowData): Array<string | null> {
  return [
    String(r.seq),
    r.at,
    ACTIVITY_ACTION_WORDS[r.action],
    r.actor,
    r.person,
    r.method,
    r.path,
    r.status === null ? null : String(r.status),
    r.errorCode,
    r.idempotencyKey,
  ]
}

/** The filter's audit rows, newest first, to CSV (every cell through csvCell) over one unchanging view of the store. */
export function exportActivityCsv(
  store: DeskStore,
  filter: ActivityFilter,
  target: string,
  signal: AbortSignal,
  onProgress: (p: ExportProgress) => void,
) {
  return store.snapshot(activityRepo, 'export the audit log', (repo) => {
    async function* pages() {
      let page: Array<Array<string | null>> = []
      for (const row of activityRows(repo, filter)) {
        page.push(activityCells(row))
        if (page.length === PAGE) {
          yield page
          page = []
        }
      }
      if (page.length > 0) yield page
    }
    return writeCsvExport(target, ACTIVITY_CSV_HEADER, pages(), signal, onProgress)
  })
}
