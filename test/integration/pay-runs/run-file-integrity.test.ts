import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { P, runDesks, type RunDesks } from '../../harness/run-desks'

// Runs under test/with-keychain.sh. Issue 47, finding 3: a run file edited after export was imported silently.
let t: RunDesks
let a: string
let b: string
const SCHEDULE = 'DTSTART:20261106T000000Z\\nRRULE:FREQ=WEEKLY;BYDAY=FR'

beforeAll(async () => {
  t = await runDesks()
  a = await t.desk()
  b = await t.desk()
})
afterAll(() => t.close())

const listed = async (home: string) =>
  JSON.parse((await t.run(home, ['run', 'list', ...P, '--json'])).stdout) as Array<{ name: string; lines: number }>

describe('a run file says whether it was edited after export', () => {
  it('an amount and an address changed in the file: named as edited, the diff shown, nothing kept without a yes', async () => {
    const lines = t.csv([
      ['Alice', 'Alice GmbH', '100'],
      ['Bob', 'Bob Ltd', '200'],
      ['Carol', 'Carol SA', '300'],
    ])
    const add = ['run', 'add', ...P, '--name', 'Signed', '--schedule', SCHEDULE, '--file', await t.file('s.csv', lines)]
    expect((await t.run(a, add)).code).toBe(0)
    const out = join(t.files, 'signed.run.json')
    expect((await t.run(a, ['run', 'export', 'Signed', ...P, '--out', out])).code).toBe(0)
    const exported = JSON.parse(await readFile(out, 'utf8')) as { sha256: string }
    expect(exported.sha256).toMatch(/^[0-9a-f]{64}$/)
    expect((await t.run(b, ['run', 'import', out, ...P])).code).toBe(0)

    const edited = (await readFile(out, 'utf8'))
      .replace('"amount": "200"', '"amount": "9200"')
      .replace('"destination": "Carol SA"', '"destination": "Alice GmbH"')
    const tampered = join(t.files, 'signed-edited.run.json')
    await writeFile(tampered, edited)

    const asked = await t.run(b, ['run', 'import', tampered, ...P])
    expect(asked.code).toBe(1)
    expect(asked.stdout + asked.stderr).toMatch(/edited after export/)
    expect(asked.stdout).toMatch(/Bob: amount 200 USDC -> 9200 USDC/)
    expect(asked.stdout).toMatch(/Carol: address Carol SA -> Alice GmbH/)
    expect(asked.stdout).not.toMatch(/updated with 3 lines/)
    const preview = JSON.parse((await t.run(b, ['run', 'preview', 'Signed', ...P, '--json'])).stdout) as {
      lines: Array<{ payee: string; amount: string }>
    }
    expect(preview.lines.find((l) => l.payee === 'Bob')!.amount).toBe('200')

    const refusedOnTerminal = await t.run(b, ['run', 'import', tampered, ...P], ['n'])
    expect(refusedOnTerminal.code).toBe(1)
    const kept = await t.run(b, ['run', 'import', tampered, ...P, '--yes'])
    expect(kept.code).toBe(0)
    expect(kept.stdout).toMatch(/edited after export/)
    const audit = JSON.parse((await t.run(b, ['audit', 'list', ...P, '--json'])).stdout) as Array<{
      path: string
      detail: { file_sha256?: string; edited_after_export?: boolean; changed?: number } | null
    }>
    const imports = audit.filter((r) => r.path === 'payrun.imported')
    expect(imports.at(-1)!.detail).toMatchObject({ edited_after_export: true, changed: 2 })
    expect(await listed(b)).toEqual([expect.objectContaining({ name: 'Signed', lines: 3 })])
  })

  it('a file exported after an edit is not called edited; its diff is shown and asked', async () => {
    const changed = t.csv([
      ['Alice', 'Alice GmbH', '100'],
      ['Bob', 'Bob Ltd', '250'],
      ['Dave', 'Bob Ltd', '5'],
    ])
    expect((await t.run(a, ['run', 'edit', 'Signed', ...P, '--file', await t.file('s2.csv', changed)])).code).toBe(0)
    const out = join(t.files, 'signed-2.run.json')
    expect((await t.run(a, ['run', 'export', 'Signed', ...P, '--out', out])).code).toBe(0)
    const asked = await t.run(b, ['run', 'import', out, ...P])
    expect(asked.stdout + asked.stderr).not.toMatch(/edited after export/)
    expect(asked.stdout).toMatch(/added: Dave/)
    expect(asked.stdout).toMatch(/removed: Carol/)
    expect(asked.code).toBe(1)
    expect((await t.run(b, ['run', 'import', out, ...P], ['y'])).code).toBe(0)
  })
})
