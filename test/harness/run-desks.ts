import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSimulator, type RunningSimulator } from '../../electron/simulator'
import { recordedWithdrawals, setupBatchWorkspace, type BatchWorkspace } from './batch-fixture'
import { cli, cliProfile, type CliRun } from './cli-runner'
import { simConsole } from './sim-console'

/** Desks (one data folder each, one key each) of one workspace on one simulator, for the pay-run tests. */
export interface RunDesks {
  sim: RunningSimulator
  ws: BatchWorkspace
  files: string
  /** A new desk: its own home with a profile "Sim" whose key is registered in the workspace. */
  desk(): Promise<string>
  file(name: string, content: string): Promise<string>
  /** A run file's CSV: reference (payee), destination label, amount in USDC, and an optional invoice number. */
  csv(lines: ReadonlyArray<readonly [payee: string, destination: string, amount: string, invoice?: string]>): string
  /** The withdrawals the provider holds for the workspace. */
  made(): Promise<Array<{ id: string; idempotency_key?: string | null }>>
  run(home: string, args: string[], typed?: readonly string[]): Promise<CliRun>
  close(): Promise<void>
}

export const P = ['--profile', 'Sim']

/** A weekly schedule whose first period is `day` (YYYY-MM-DD), as `run add --schedule` takes it. */
export const weeklyFrom = (day: string): string => `DTSTART:${day.replace(/-/g, '')}T000000Z\\nRRULE:FREQ=WEEKLY`

export const dayPlus = (days: number, from = new Date()): string =>
  new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10)

export async function runDesks(): Promise<RunDesks> {
  const sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
  const ws = await setupBatchWorkspace(sim.sandbox.url, '10', {})
  const files = await mkdtemp(join(tmpdir(), 'run-files-'))
  const homes: string[] = []
  return {
    sim,
    ws,
    files,
    async desk() {
      const home = await mkdtemp(join(tmpdir(), 'run-desk-'))
      homes.push(home)
      await cliProfile(home, sim.sandbox.url, (key) =>
        simConsole(sim.sandbox.url).registerEd25519Key(ws.workspaceId, key),
      )
      return home
    },
    async file(name, content) {
      const path = join(files, name)
      await writeFile(path, content)
      return path
    },
    csv: (lines) =>
      [
        'destination,amount,asset,wallet,reference,invoice_number',
        ...lines.map(([payee, dest, amount, invoice]) =>
          [dest, amount, 'USDC', ws.walletId, payee, invoice ?? ''].join(','),
        ),
      ].join('\n') + '\n',
    made: () => recordedWithdrawals(sim.sandbox.url, ws.workspaceId),
    run: (home, args, typed) => cli(home, args, '', typed),
    async close() {
      await ws.client.sender.close()
      await sim.close()
      for (const dir of [files, ...homes]) await rm(dir, { recursive: true, force: true })
    },
  }
}
