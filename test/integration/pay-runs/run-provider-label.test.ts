import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { submitBatch } from '../../../electron/core/batch/batch-submit'
import { previewOf } from '../../../electron/core/pay-runs/run-preview'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { profileDir } from '../../../electron/core/profiles'
import { DeskStore, payRunRepo } from '../../../electron/core/store'
import { P, runDesks, type RunDesks } from '../../harness/run-desks'

// Runs under test/with-keychain.sh. Issue 49, finding 5: what the provider answered decides "from another desk".
let t: RunDesks
let a: string
let b: string
const SCHEDULE = 'DTSTART:20261106T000000Z\\nRRULE:FREQ=WEEKLY;BYDAY=FR'

beforeAll(async () => {
  t = await runDesks()
  a = await t.desk()
  b = await t.desk()
  const lines = t.csv([
    ['Alice', 'Alice GmbH', '1'],
    ['Bob', 'Bob Ltd', '2'],
    ['Carol', 'Carol SA', '3'],
  ])
  const add = ['run', 'add', ...P, '--name', 'Team', '--schedule', SCHEDULE, '--file', await t.file('t.csv', lines)]
  expect((await t.run(a, add)).code).toBe(0)
  const out = join(t.files, 'team.run.json')
  expect((await t.run(a, ['run', 'export', 'Team', ...P, '--out', out])).code).toBe(0)
  expect((await t.run(b, ['run', 'import', out, ...P])).code).toBe(0)
})
afterAll(() => t.close())

describe("the provider's answer decides the label", () => {
  it('a period B recorded first but A sent first is "already sent from another desk" on every line of B', async () => {
    // B records the period (its process then stops before sending), A sends it, B's next send resumes the batch.
    const profileId = (JSON.parse((await t.run(b, ['profile', 'list', '--json'])).stdout) as Array<{ id: string }>)[0]!
      .id
    const store = DeskStore.open(profileDir(b, profileId), 'cli')
    const run = store.repo(payRunRepo).byName('Team')!
    const reads = { wallets: await t.ws.client.listWallets(), book: await t.ws.client.listCounterparties() }
    const preview = previewOf(store, run, reads, '2026-11-06', new Date())
    const keyOf = (row: { line: number }) => preview.lines.find((l) => l.line === row.line)!.key
    const submit = { source: 'stopped', requestedBy: 'test', confirmDuplicates: false, retypedTotal: null }
    await submitBatch(
      store,
      Outbox.open(store),
      { ...preview.check, lineCount: 3 },
      {
        ...submit,
        production: false,
        keyOf,
      },
    )
    store.close()
    await new Promise((r) => setTimeout(r, 50))
    expect((await t.run(a, ['run', 'send', 'Team', ...P, '--period', '2026-11-06', '--yes'])).code).toBe(0)

    const resumed = await t.run(b, ['run', 'send', 'Team', ...P, '--period', '2026-11-06', '--yes'])
    expect(resumed.stdout).toMatch(/Finished: sent 3\/3: accepted 3/)
    for (const payee of ['Alice', 'Bob', 'Carol'])
      expect(resumed.stdout).toMatch(new RegExp(`${payee} .*accepted \\(already sent from another desk\\)`))
  })

  it('after an import, a period the other desk sent is not overdue; the export carries sent and skipped periods', async () => {
    expect((await t.run(a, ['run', 'send', 'Team', ...P, '--period', '2026-11-13', '--yes'])).code).toBe(0)
    expect((await t.run(a, ['run', 'skip', 'Team', ...P, '--period', '2026-11-20'])).code).toBe(0)
    const out = join(t.files, 'team-2.run.json')
    expect((await t.run(a, ['run', 'export', 'Team', ...P, '--out', out])).code).toBe(0)
    const file = JSON.parse(await readFile(out, 'utf8')) as {
      periods: Array<{ period: string; state: string; lines: Array<{ lineId: string; key: string }> }>
    }
    expect(file.periods.map((p) => [p.period, p.state])).toEqual([
      ['2026-11-06', 'sent'],
      ['2026-11-13', 'sent'],
      ['2026-11-20', 'skipped'],
    ])
    expect(file.periods[1]!.lines.map((l) => l.key)).toEqual([
      expect.stringMatching(/^run-/),
      expect.anything(),
      expect.anything(),
    ])

    expect((await t.run(b, ['run', 'import', out, ...P, '--yes'])).code).toBe(0)
    const [onB] = JSON.parse((await t.run(b, ['run', 'list', ...P, '--json'])).stdout) as Array<{
      next: { period: string }
      lastSent: string
    }>
    expect(onB).toMatchObject({ lastSent: '2026-11-13', next: { period: '2026-11-27' } })
  })
})
