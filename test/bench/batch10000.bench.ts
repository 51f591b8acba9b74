import { batchSessionRun } from './batch-session-run'

/** 10,000 rows (the most a batch file may hold) through the app's session: no more than twice the 5,000-row time. */
export default async function batch10000Bench(): Promise<Record<string, number>> {
  return { batch_10000_rows_ms: await batchSessionRun(10_000) }
}
