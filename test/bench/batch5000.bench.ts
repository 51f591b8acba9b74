import { batchSessionRun } from './batch-session-run'

const ROWS = Number(process.env.BATCH_BENCH_ROWS ?? 5000)

/** 5,000 rows through the app's session (batch-session-run); BATCH_BENCH_ROWS runs another size under this key. */
export default async function batch5000Bench(): Promise<Record<string, number>> {
  return { batch_5000_rows_ms: await batchSessionRun(ROWS), batch_5000_rows: ROWS }
}
