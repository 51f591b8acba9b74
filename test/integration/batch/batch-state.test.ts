import { randomBytes } from 'node:crypto'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profileDir } from '../../../electron/core/profiles/profile-dir'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall, registerKey } from '../../harness/api-fixture'
import type { BatchChildJob } from '../../harness/batch-child'
import { batchCsv, recordedWithdrawals, setupBatchWorkspace, type BatchWorkspace } from '../../harness/batch-fixture'
import { cli, cliProfile } from '../../harness/cli-runner'
import { atLimit, SCRIPTS } from '../../harness/team-week-seed'
import { tsChild } from '../../harness/ts-child'

const CHILD = join(fileURLToPath(new URL('.', import.meta.url)), '../../harness/batch-child.ts')
const ROWS = 40

interface Listed {
  batch: { id: string }
  progress: { senderGone: boolean; accepted: number; finished: boolean; intent: string }
}

/**
 * A batch whose sending process was killed said "sending" for ever, with Pause and no Resume. The store's process
 * table knows better: `batch list` and `batch status` (the same reads as the app's Batches screen) say it stopped
 * within 15 s of the kill, never while its sender lives, and resume sends the rest.
 */
describe("a batch's state is true", () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: BatchWorkspace
  let home: string
  let child: ChildProcess | null = null

  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    await consoleCall(sim.sandbox.url, 'POST', 'settings', { rate_limit_per_minute: 100_000 })
    ws = await setupBatchWorkspace(sim.sandbox.url, '1000')
    home = await mkdtemp(join(tmpdir(), 'batch-state-'))
    await cliProfile(home, sim.sandbox.url, async (publicKey) => {
      const { key_id } = await consoleCall<{ key_id: string }>(sim.sandbox.url, 'POST', 'keys', {
        workspace_id: ws.workspaceId,
        algorithm: 'ed25519',
        public_key: publicKey,
      })
      return key_id
    })
  }, 60_000)
  afterAll(async () => {
    if (child?.exitCode === null) child.kill('SIGKILL')
    await ws?.client.sender.close()
    await sim?.close()
    await rm(home, { recursive: true, force: true })
  })

  const listed = async (): Promise<Listed[]> => {
    const r = await cli(home, ['batch', 'list', '--profile', 'Sim', '--json'])
    expect(r.code, r.stderr).toBe(0)
    return JSON.parse(r.stdout) as Listed[]
  }

  it('says "sending" while its sender lives, "stopped" within 15 s of kill -9, and resume sends the rest', async () => {
    const profiles = JSON.parse((await cli(home, ['profile', 'list', '--json'])).stdout) as Array<{ id: string }>
    const csv = join(home, 'pay.csv')
    const lines = Array.from({ length: ROWS }, (_, i) => ({
      destination: ws.destinations[i % 3]!.label,
      amount: `0.${String(i + 1).padStart(2, '0')}`,
      wallet: ws.walletId,
    }))
    await writeFile(csv, batchCsv(lines))
    const key = await registerKey(sim.sandbox.url, ws.workspaceId)
    const job: BatchChildJob = {
      baseUrl: sim.sandbox.url,
      keyId: key.keyId,
      secretHex: Buffer.from(key.secret).toString('hex'),
      storeDir: profileDir(home, profiles[0]!.id),
      csvFile: csv,
      killAfterPosts: 1_000_000,
      // Two requests a second: the batch takes about 20 s, long enough to watch it and kill it part way.
      pace: { limit: 2, windowSeconds: 1 },
    }
    child = spawn(process.execPath, [...tsChild(CHILD), JSON.stringify(job)], { stdio: 'ignore' })

    // While it sends: listed as sending, never stopped.
    let batchId: string | null = null
    for (let seen = 0; seen < 8;) {
      await new Promise((r) => setTimeout(r, 500))
      const [b] = await listed()
      if (!b) continue
      batchId = b.batch.id
      expect(b.progress.senderGone).toBe(false)
      seen++
    }
    const text = await cli(home, ['batch', 'list', '--profile', 'Sim'])
    expect(text.stdout).toMatch(/sending/)
    expect(text.stdout).not.toMatch(/stopped/)

    child.kill('SIGKILL')
    await new Promise((r) => child!.once('exit', r))
    const killedAt = Date.now()
    let gone: Listed | undefined
    while (!gone && Date.now() - killedAt < 15_000) {
      await new Promise((r) => setTimeout(r, 500))
      gone = (await listed()).find((b) => b.progress.senderGone)
    }
    expect(gone, 'the batch still says it is sending 15 s after its sender was killed').toBeDefined()
    expect(gone!.progress).toMatchObject({ intent: 'running', finished: false })
    expect(gone!.progress.accepted).toBeLessThan(ROWS)

    const status = await cli(home, ['batch', 'status', batchId!, '--profile', 'Sim'])
    expect(status.stdout).toMatch(/stopped \(its sending process ended\)/)
    expect(status.stderr).toMatch(new RegExp(`payout-desk batch resume ${batchId}`))
    expect((await cli(home, ['batch', 'list', '--profile', 'Sim'])).stdout).toMatch(/stopped/)

    const resumed = await cli(home, ['batch', 'resume', batchId!, '--profile', 'Sim'])
    expect(resumed.code, resumed.stderr).toBe(0)
    const [done] = await listed()
    expect(done!.progress).toMatchObject({ accepted: ROWS, finished: true, senderGone: false })
    // None twice: one withdrawal per row.
    expect(await recordedWithdrawals(sim.sandbox.url, ws.workspaceId)).toHaveLength(ROWS)
  }, 90_000)

  it('the review prints 200 destinations named at the limit in every script as a table, one a line, paged', async () => {
    const stems = Object.values(SCRIPTS)
    const book: string[] = []
    for (let i = 0; i < 200; i += 20) {
      const made = await Promise.all(
        Array.from({ length: 20 }, async (_, k) => {
          // A file's cell loses the spaces that end it: the name ends in a character.
          const label = atLimit(`${i + k} ${stems[(i + k) % stems.length]!}`, 120)
            .trimEnd()
            .padEnd(120, '.')
          const { counterparty } = await ws.client.createCounterparty({
            network: 'ethereum-sepolia',
            address: `0x${randomBytes(20).toString('hex')}`,
            counterparty_type: 'company',
            company_name: label,
            wallet_type: 'unhosted',
            country: 'DE',
            label,
          })
          await consoleCall(sim.sandbox.url, 'POST', `counterparties/${counterparty.id}/verify`)
          return label
        }),
      )
      book.push(...made)
    }
    const csv = join(home, 'two-hundred.csv')
    await writeFile(csv, batchCsv(book.map((label) => ({ destination: label, amount: '0.01', wallet: ws.walletId }))))

    const all = await cli(home, ['batch', 'check', csv, '--profile', 'Sim'])
    expect(all.code, all.stderr).toBe(0)
    const lines = all.stdout.split('\n')
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(300)
    expect(all.stdout).toMatch(/to 200 destinations:/)
    // One line per destination, its address and its name (whole at 120 characters) on it.
    const table = all.stdout.split('never paid before')[0]!.split('\n')
    for (const label of book) expect(table.filter((l) => l.endsWith(label))).toHaveLength(1)

    // On a terminal: a page of 20, then asked; "q" skips the rest.
    const paged = await cli(home, ['batch', 'check', csv, '--profile', 'Sim'], '', ['', 'q', 'q'])
    expect(paged.stderr).toMatch(/-- 20 of 200 destinations shown; Enter shows 20 more/)
    expect(paged.stderr).toMatch(/-- 40 of 200 destinations shown/)
    expect(paged.stdout).toMatch(/… 160 more destinations not shown/)
    expect(book.filter((label) => paged.stdout.includes(label))).toHaveLength(40)
  }, 120_000)
})
