import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { P, runDesks, type RunDesks } from '../../harness/run-desks'

// Runs under test/with-keychain.sh. Issue 49, finding 4: a run line's invoice belongs to one period.
let t: RunDesks
let home: string
const SCHEDULE = 'DTSTART:20261106T000000Z\\nRRULE:FREQ=WEEKLY;BYDAY=FR'
const PDF = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'

beforeAll(async () => {
  t = await runDesks()
  home = await t.desk()
})
afterAll(() => t.close())

type View = { lines: Array<{ payee: string; key: string; invoiceNumber: string | null }>; problems: unknown[] }
const preview = async (period: string) =>
  JSON.parse((await t.run(home, ['run', 'preview', 'Inv', ...P, '--period', period, '--json'])).stdout) as View

describe('invoices per period', () => {
  it('the PDF of the invoice a run recorded attaches without a repeat; each period takes its own invoice', async () => {
    const lines = t.csv([
      ['Alice', 'Alice GmbH', '1', 'INV-1'],
      ['Bob', 'Bob Ltd', '2'],
    ])
    const add = ['run', 'add', ...P, '--name', 'Inv', '--schedule', SCHEDULE, '--file', await t.file('i.csv', lines)]
    expect((await t.run(home, add)).code).toBe(0)
    const key = (await preview('2026-11-06')).lines.find((l) => l.payee === 'Alice')!.key
    expect((await t.run(home, ['run', 'send', 'Inv', ...P, '--period', '2026-11-06', '--yes'])).code).toBe(0)

    const pdf = await t.file('inv-1.pdf', PDF)
    const attach = await t.run(home, ['invoice', 'attach', key, ...P, '--file', pdf, '--number', 'INV-1'])
    expect(attach.stderr).toBe('')
    expect(attach.code).toBe(0)

    // The next period does not repeat INV-1: the line has no invoice for it until one is given.
    const second = await preview('2026-11-13')
    expect(second.problems).toEqual([])
    expect(second.lines.find((l) => l.payee === 'Alice')!.invoiceNumber).toBeNull()
    const inv2 = await t.file('inv-2.pdf', PDF.replace('1.4', '1.5'))
    const given = ['run', 'invoice', 'Inv', ...P, '--period', '2026-11-13', '--line', 'Alice', '--number', 'INV-2']
    const set = await t.run(home, [...given, '--file', inv2])
    expect(set.code).toBe(0)
    expect((await preview('2026-11-13')).lines.find((l) => l.payee === 'Alice')!.invoiceNumber).toBe('INV-2')
    const table = await t.run(home, ['run', 'preview', 'Inv', ...P, '--period', '2026-11-13'])
    expect(table.stdout).toMatch(/^LINE +PAYEE +DESTINATION +AMOUNT +CONVERTED +INVOICE +CHANGE/m)
    expect(table.stdout).toMatch(/^\d+ +Alice +Alice GmbH +1 USDC +INV-2/m)
    expect((await t.run(home, ['run', 'send', 'Inv', ...P, '--period', '2026-11-13', '--yes'])).code).toBe(0)

    // A number this payee had in another period is still refused.
    const repeat = ['run', 'invoice', 'Inv', ...P, '--period', '2026-11-20', '--line', 'Alice', '--number', 'INV-1']
    const refused = await t.run(home, repeat)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/INV-1 .*recorded already/)
  })
})
