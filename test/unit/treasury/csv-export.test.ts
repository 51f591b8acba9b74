import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { TransactionLeg } from '../../../shared/api/resources'
import { csvCell, exportTransactionsCsv } from '../../../electron/core/treasury/csv-export'

const leg = (i: number): TransactionLeg => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  created_at: '2026-11-01T00:00:00.000Z',
  direction: 'in',
  from: { name: null, address: '0xabc' },
  to: { name: 'Treasury, main', address: '0xdef' },
  amount: '1.5',
  asset: 'ETH',
  fee: null,
  fee_asset: null,
  status: 'completed',
  tx_hash: null,
  network: 'ethereum-sepolia',
  network_name: 'Ethereum Sepolia',
  wallet_id: 'w1',
})

/** A fake history of `pages` pages of 100 rows; aborts the signal after `abortAfter` pages when given. */
function history(pages: number, controller?: AbortController, abortAfter = Infinity) {
  return {
    async *transactionPages(_q: unknown, opts?: { signal?: AbortSignal }) {
      for (let p = 0; p < pages; p++) {
        if (p === abortAfter) controller?.abort()
        if (opts?.signal?.aborted) throw new DOMException('aborted', 'AbortError')
        yield Array.from({ length: 100 }, (_, i) => leg(p * 100 + i))
      }
    },
  }
}

let dir: string
beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'csv-'))))
afterEach(() => rm(dir, { recursive: true, force: true }))

describe('CSV export', () => {
  it('writes a header and every row, quoting what needs it', async () => {
    const path = join(dir, 'out.csv')
    const result = await exportTransactionsCsv(history(3) as never, {}, path, new AbortController().signal, () => undefined)
    expect(result).toEqual({ rows: 300, cancelled: false })
    const lines = readFileSync(path, 'utf8').trimEnd().split('\r\n')
    expect(lines).toHaveLength(301)
    expect(lines[1]).toContain(',"Treasury, main",')
    expect(existsSync(`${path}.part`)).toBe(false)
  })

  it('a cancel while writes are in flight leaves no file and throws nothing later', async () => {
    const controller = new AbortController()
    const path = join(dir, 'cancelled.csv')
    const result = await exportTransactionsCsv(history(50, controller, 5) as never, {}, path, controller.signal, () => undefined)
    expect(result).toMatchObject({ cancelled: true })
    await new Promise((r) => setTimeout(r, 50))
    expect(existsSync(path)).toBe(false)
    expect(existsSync(`${path}.part`)).toBe(false)
  })

  it('a folder that does not exist is a clear error, not a crash', async () => {
    const path = join(dir, 'missing', 'out.csv')
    await expect(exportTransactionsCsv(history(1) as never, {}, path, new AbortController().signal, () => undefined)).rejects.toMatchObject({
      code: 'ENOENT',
    })
  })

  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['-2', "'-2"],
    ['+1+1', "'+1+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
    ['a"b', '"a""b"'],
    ['plain', 'plain'],
    [null, ''],
    [' lead', '" lead"'],
    ['trail ', '"trail "'],
    ['\u00a0nbsp', '"\u00a0nbsp"'],
    ['a\nb', '"a\nb"'],
    ['', ''],
  ])('cell %s becomes %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })

  it('cells written as they are (the fast path) are exactly those the full rules leave alone', () => {
    // The rules spelled out one by one, as they were before plain cells took a shortcut.
    const reference = (value: string) => {
      const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
      return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe
    }
    const alphabet = ['a', '0', '=', '+', '-', '@', '\t', '\r', '\n', ' ', '"', ',', "'", '\u00a0', '\u2028', '\ufeff', 'é']
    let seed = 7
    const next = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 1)
    for (let n = 0; n < 20_000; n++) {
      const value = Array.from({ length: next() % 6 }, () => alphabet[next() % alphabet.length]).join('')
      expect([value, csvCell(value)]).toEqual([value, reference(value)])
    }
  })
})
