/** What a running sync reports: to the app as `history.progress` events, to the CLI as lines on stderr. */
export interface SyncProgress {
  phase: 'pages' | 'recheck' | 'done'
  /** Pages and rows committed in this run. */
  pages: number
  rows: number
  rowsPerSecond: number
  /** Seconds left, when the range still to read is known (an incremental sync); null on a first sync. */
  etaSeconds: number | null
  /** Oldest recorded time committed by the walk so far. */
  reachedBack: string | null
  /** Movements not final re-read in this run. */
  rechecked: number
}

/**
 * Rate over this run; the ETA assumes rows are spread evenly over recorded time, which is all
 * a cursor walk can know: how far back it has come out of how far it has to go.
 */
export function measureProgress(
  run: { pages: number; rows: number; rechecked: number; startedMs: number; nowMs: number },
  walk: { after: number | null; newest: number | null; oldest: number | null } | null,
  phase: SyncProgress['phase'],
): SyncProgress {
  const seconds = Math.max(0.001, (run.nowMs - run.startedMs) / 1000)
  const rowsPerSecond = run.rows / seconds
  let etaSeconds: number | null = phase === 'done' ? 0 : null
  if (walk && walk.after !== null && walk.newest !== null && walk.oldest !== null && walk.newest > walk.after) {
    const done = Math.min(1, Math.max(0, (walk.newest - walk.oldest) / (walk.newest - walk.after)))
    if (done > 0) etaSeconds = (seconds * (1 - done)) / done
  }
  return {
    phase,
    pages: run.pages,
    rows: run.rows,
    rowsPerSecond,
    etaSeconds,
    reachedBack: walk?.oldest == null ? null : new Date(walk.oldest).toISOString(),
    rechecked: run.rechecked,
  }
}
