import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { exportLedgerCsv } from '../../../electron/core/history/ledger-export'
import type { DeskStore } from '../../../electron/core/store'
import { csvCell } from '../../../electron/core/csv/cell'
import { shown } from '../../../shared/text/visible-text'
import { loadedLedger } from '../../harness/ledger-fixture'
import { sampleLeg } from '../../harness/sample-leg'

const leg = (i: number) => sampleLeg(i, { to: { name: 'Treasury, main', address: '0xdef' } })

/** A ledger of `count` legs one second apart, committed as a sync would. */
function ledgerOf(count: number) {
  const t0 = Date.parse('2026-11-01T00:00:00.000Z')
  const loaded = loadedLedger(
    dir,
    Array.from({ length: count }, (_, i) => ({ ...leg(i), created_at: new Date(t0 + i * 1000).toISOString() })),
  )
  store = loaded.store
  return loaded.ledger
}

let dir: string
let store: DeskStore | undefined
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'csv-'))
  store = undefined
})
afterEach(async () => {
  store?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('CSV export of the ledger', () => {
  it('writes a header and every row of the filter, oldest first, quoting what needs it', async () => {
    const path = join(dir, 'out.csv')
    ledgerOf(300)
    const progress: number[] = []
    const result = await exportLedgerCsv(
      store!,
      { from: '2026-11-01T00:00:09.000Z' },
      path,
      new AbortController().signal,
      (p) => progress.push(p.rows),
    )
    expect(result).toEqual({ rows: 290, cancelled: false })
    const lines = readFileSync(path, 'utf8').trimEnd().split('\r\n')
    expect(lines).toHaveLength(291)
    expect(lines[1]).toContain(',"Treasury, main",')
    expect(lines[1]!.split(',')[1]).toBe('2026-11-01T00:00:10.000Z')
    expect(progress.at(-1)).toBe(290)
    expect(existsSync(`${path}.part`)).toBe(false)
  })

  it('a text search in the filter is honoured, not dropped', async () => {
    const path = join(dir, 'search.csv')
    ledgerOf(30)
    const result = await exportLedgerCsv(
      store!,
      { text: leg(7).id },
      path,
      new AbortController().signal,
      () => undefined,
    )
    expect(result.rows).toBe(1)
    expect(readFileSync(path, 'utf8')).toContain(leg(7).id)
  })

  it('a cancel between batches leaves no file and throws nothing later', async () => {
    const controller = new AbortController()
    const path = join(dir, 'cancelled.csv')
    ledgerOf(5_000)
    const result = await exportLedgerCsv(store!, {}, path, controller.signal, (p) => {
      if (p.rows > 0) controller.abort()
    })
    expect(result).toMatchObject({ cancelled: true, rows: 2_000 })
    await new Promise((r) => setTimeout(r, 50))
    expect(existsSync(path)).toBe(false)
    expect(existsSync(`${path}.part`)).toBe(false)
  })

  it('a folder that does not exist is a clear error, not a crash', async () => {
    const path = join(dir, 'missing', 'out.csv')
    ledgerOf(1)
    await expect(
      exportLedgerCsv(store!, {}, path, new AbortController().signal, () => undefined),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/the folder of .*out\.csv does not exist/),
    })
  })
})

describe('CSV cells', () => {
  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['-2', "'-2"],
    ['+1+1', "'+1+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    // Control characters are shown as their code, so they can neither start a formula nor break a line.
    ['\tcmd', '[U+0009]cmd'],
    ['\rcmd', '[U+000D]cmd'],
    ['Maria K \u202Eevil\u202C contractor', 'Maria K [U+202E]evil[U+202C] contractor'],
    ['\u202E=SUM(A1)', '[U+202E]=SUM(A1)'],
    ['=\u001b[2Kx', "'=[U+001B][2Kx"],
    ['a"b', '"a""b"'],
    ['plain', 'plain'],
    [null, ''],
    [' lead', '" lead"'],
    ['trail ', '"trail "'],
    ['\u00a0nbsp', '"\u00a0nbsp"'],
    ['a\nb', 'a[U+000A]b'],
    ['', ''],
  ])('cell %s becomes %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })

  it('cells written as they are (the fast path) are exactly those the full rules leave alone', () => {
    // The rules spelled out one by one, as they were before plain cells took a shortcut.
    const reference = (raw: string) => {
      const value = shown(raw)
      const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
      return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe
    }
    const alphabet = [
      'a',
      '0',
      '=',
      '+',
      '-',
      '@',
      '\t',
      '\r',
      '\n',
      ' ',
      '"',
      ',',
      "'",
      '\u00a0',
      '\u2028',
      '\ufeff',
      'é',
    ]
    let seed = 7
    const next = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 1)
    for (let n = 0; n < 20_000; n++) {
      const value = Array.from({ length: next() % 6 }, () => alphabet[next() % alphabet.length]).join('')
      expect([value, csvCell(value)]).toEqual([value, reference(value)])
    }
  })
})
