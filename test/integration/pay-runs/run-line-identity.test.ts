import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { P, runDesks, type RunDesks } from '../../harness/run-desks'

// Runs under test/with-keychain.sh. Issue 47, finding 1: a period paid twice across desks after a rename.
let t: RunDesks
const SCHEDULE = 'DTSTART:20261106T000000Z\\nRRULE:FREQ=WEEKLY;BYDAY=FR'

beforeAll(async () => {
  t = await runDesks()
})
afterAll(() => t.close())

const lines = (suffix: string) =>
  t.csv([
    [`Alice${suffix}`, 'Alice GmbH', '1'],
    [`Bob${suffix}`, 'Bob Ltd', '2'],
    [`Carol${suffix}`, 'Carol SA', '3'],
  ])

describe('a pay-run line keeps its identity through edits, exports and imports', () => {
  it('a period sent, then its lines renamed and exported, is not paid again by the desk importing it', async () => {
    const a = await t.desk()
    const d = await t.desk()
    const add = ['run', 'add', ...P, '--name', 'Rename', '--schedule', SCHEDULE]
    expect((await t.run(a, [...add, '--file', await t.file('r1.csv', lines(''))])).code).toBe(0)
    const send = ['run', 'send', 'Rename', ...P, '--period', '2026-11-06', '--yes']
    expect((await t.run(a, send)).code).toBe(0)
    const before = (await t.made()).length
    const renamed = await t.file('r1-renamed.csv', lines(' (renamed)'))
    expect((await t.run(a, ['run', 'edit', 'Rename', ...P, '--file', renamed])).code).toBe(0)
    const out = join(t.files, 'rename.run.json')
    expect((await t.run(a, ['run', 'export', 'Rename', ...P, '--out', out])).code).toBe(0)
    expect((await t.run(d, ['run', 'import', out, ...P])).code).toBe(0)

    const again = await t.run(d, send)
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/2026-11-06 .*was sent from another desk/)
    expect(await t.made()).toHaveLength(before)
  })

  it('a desk that never saw the export asks the provider first: renamed lines keep their keys, nothing is paid twice', async () => {
    const a = await t.desk()
    const d = await t.desk()
    const add = ['run', 'add', ...P, '--name', 'Quiet', '--schedule', SCHEDULE]
    expect((await t.run(a, [...add, '--file', await t.file('q1.csv', lines(''))])).code).toBe(0)
    const out = join(t.files, 'quiet.run.json')
    expect((await t.run(a, ['run', 'export', 'Quiet', ...P, '--out', out])).code).toBe(0)
    expect((await t.run(d, ['run', 'import', out, ...P])).code).toBe(0)

    // A pays the period; D, which has only the file from before, renames and reorders its lines, then sends it.
    expect((await t.run(a, ['run', 'send', 'Quiet', ...P, '--period', '2026-11-13', '--yes'])).code).toBe(0)
    const before = (await t.made()).length
    const reordered = t.csv([
      ['Carol SA payroll', 'Carol SA', '3'],
      ['Alice GmbH payroll', 'Alice GmbH', '1'],
      ['Bob Ltd payroll', 'Bob Ltd', '2'],
    ])
    const edit = ['run', 'edit', 'Quiet', ...P, '--file', await t.file('q1-d.csv', reordered)]
    expect((await t.run(d, edit)).code).toBe(0)
    const sent = await t.run(d, ['run', 'send', 'Quiet', ...P, '--period', '2026-11-13', '--yes'])
    expect(await t.made()).toHaveLength(before)
    expect(sent.stdout).toMatch(/Alice GmbH payroll .*already sent from another desk/)
    expect(sent.stdout).toMatch(/Carol SA payroll .*already sent from another desk/)
  })

  it('`run lines` writes the ids: a line renamed and moved to another destination keeps its keys', async () => {
    const a = await t.desk()
    const add = ['run', 'add', ...P, '--name', 'Ids', '--schedule', SCHEDULE]
    expect((await t.run(a, [...add, '--file', await t.file('ids.csv', lines(''))])).code).toBe(0)
    const keys = async () =>
      (
        JSON.parse((await t.run(a, ['run', 'preview', 'Ids', ...P, '--period', '2026-11-20', '--json'])).stdout) as {
          lines: Array<{ lineId: string; key: string }>
        }
      ).lines.map((l) => [l.lineId, l.key])
    const before = await keys()
    const out = join(t.files, 'ids-lines.csv')
    expect((await t.run(a, ['run', 'lines', 'Ids', ...P, '--out', out])).code).toBe(0)
    const csv = await readFile(out, 'utf8')
    expect(csv.split('\r\n')[0]).toMatch(/,line_id$/)
    // Alice's line now pays Bob Ltd under another name, Bob's pays Alice GmbH: by their ids, still the same lines.
    const swapped = csv
      .replace('Alice GmbH,1,USDC', 'Bob Ltd,1,USDC')
      .replace('Bob Ltd,2,USDC', 'Alice GmbH,2,USDC')
      .replace(',Alice,', ',Alicia,')
    const edit = ['run', 'edit', 'Ids', ...P, '--file', await t.file('ids-edited.csv', swapped)]
    expect((await t.run(a, edit)).code).toBe(0)
    expect(await keys()).toEqual(before)
  })
})
