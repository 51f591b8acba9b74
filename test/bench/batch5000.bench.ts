import { batchSessionRun } from './batch-session-run'

const ROWS = Number(process.env.BATCH_BENCH_ROWS ?? 5000)

/** 5,000 rows through the app's session (batch-session-run); BATCH_BENCH_ROWS runs another size under this key. */
export default async function batch5000Bench(): Promise<Record<string, number>> {
<<<<<<< HEAD
  const sim = await spawnSimulator()
  const dir = await mkdtemp(join(tmpdir(), 'batch5000-'))
  try {
    const url = sim.sandboxUrl
    await consoleCall(url, 'POST', 'settings', { rate_limit_per_minute: 1_000_000 })
    const ws = await setupBatchWorkspace(url)
    await ws.client.sender.close()
    const desk = await createDesk({ dataDir: dir, shell: 'test', version: '0.0.0', secretStore: new MemorySecretStore(), pacing: { limit: 1_000_000 } })
    try {
      const profile = await desk.router.call('profiles.create', { name: 'Bench', environment: 'sandbox', baseUrl: url, algorithm: 'ed25519' })
      await registerProfileKey(desk, url, ws.workspaceId, profile.id)
      await desk.router.call('profiles.select', { profileId: profile.id })
      const lines = Array.from({ length: ROWS }, (_, i) => ({ destination: ws.destinations[i % 3]!.label, amount: `0.${String(i + 1).padStart(5, '0')}`, wallet: ws.walletId }))
      const base64 = Buffer.from(batchCsv(lines), 'utf8').toString('base64')
      const t0 = performance.now()
      const { batch } = await desk.router.call('batch.submit', { source: 'bench.csv', base64, confirmDuplicates: false, retypedTotal: null, confirmFirstPayouts: true })
      for (;;) {
        const { progress } = await desk.router.call('batch.status', { batchId: batch.id })
        if (progress.finished) {
          if (progress.accepted !== ROWS) throw new Error(`the bench batch accepted ${progress.accepted} of ${ROWS} rows`)
          break
        }
        await new Promise((r) => setTimeout(r, 250))
      }
      return { batch_5000_rows_ms: Math.round(performance.now() - t0), batch_5000_rows: ROWS }
    } finally {
      await desk.dispose()
    }
  } finally {
    await sim.close()
    await rm(dir, { recursive: true, force: true })
  }
=======
  return { batch_5000_rows_ms: await batchSessionRun(ROWS), batch_5000_rows: ROWS }
>>>>>>> perf-books
}
