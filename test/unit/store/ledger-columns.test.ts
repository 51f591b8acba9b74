import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { LEG_COLUMNS, LegRead, type LegColumn } from '../../../electron/core/store/ledger/ledger-columns'
import { LedgerRowSchema } from '../../../shared/api/ledger-query'

/** Each stored column beside the LedgerRowSchema field it becomes. */
const shape = LedgerRowSchema.shape
const FIELDS: Partial<Record<LegColumn, z.ZodType>> = {
  id: shape.id,
  direction: shape.direction,
  created_at: shape.created_at,
  wallet_id: shape.wallet_id,
  asset: shape.asset,
  network: shape.network,
  network_name: shape.network_name,
  status: shape.status,
  amount: shape.amount,
  fee: shape.fee,
  fee_asset: shape.fee_asset,
  from_name: shape.from.shape.name,
  from_address: shape.from.shape.address,
  to_name: shape.to.shape.name,
  to_address: shape.to.shape.address,
  tx_hash: shape.tx_hash,
}

const CANDIDATES: unknown[] = [
  null,
  undefined,
  0,
  1,
  2,
  -1,
  1.5,
  Number.NaN,
  10n,
  true,
  new Uint8Array([1]),
  {},
  '',
  'in',
  'out',
  'internal',
  'IN',
  'sideways',
  'completed',
  'USDC',
  'w1',
  '0',
  '1',
  '1.5',
  '0.000000000000000001',
  '123456789012345678901234567890',
  '01',
  '1.',
  '.5',
  '-1',
  '+1',
  '1e5',
  ' 1',
  '1 ',
  '1,5',
  '１',
  '2026-01-01T00:00:00Z',
  '2026-01-01T00:00:00.123Z',
  '2026-01-01T00:00:00.123456+02:00',
  '2024-02-29T12:00:00Z',
  '2026-02-29T12:00:00Z',
  '2026-02-30T00:00:00Z',
  '2026-01-01 00:00:00Z',
  '2026-01-01T00:00Z',
  '2026-01-01T00:00:00',
  '2026-01-01T24:00:00Z',
  '2026-01-01T00:00:00+2:00',
]

describe('ledger columns: the rules a stored leg is read back with', () => {
  it.each(Object.entries(FIELDS))('%s accepts exactly what LedgerRowSchema accepts', (column, field) => {
    const rule = LEG_COLUMNS[column as LegColumn].rule
    for (const value of CANDIDATES) expect([value, rule.ok(value)]).toEqual([value, field.safeParse(value).success])
  })

  it('every column a row is built from has its LedgerRowSchema field beside it, or is checked below', () => {
    const covered = new Set([...Object.keys(FIELDS), 'seq', 'at_ms', 'final', 'read_at_ms', 'bait'])
    expect(Object.keys(LEG_COLUMNS).filter((c) => !covered.has(c))).toEqual([])
  })

  it('final is 0 or 1; times are whole milliseconds that ISO 8601 can write (read_at)', () => {
    const ok = (c: LegColumn, v: unknown) => LEG_COLUMNS[c].rule.ok(v)
    expect([0, 1].map((v) => ok('final', v))).toEqual([true, true])
    expect([2, -1, '1', null, true].map((v) => ok('final', v))).toEqual([false, false, false, false, false])
    // bait: flagged, dust not flagged, or not incoming dust at all.
    expect([0, 1, null].map((v) => ok('bait', v))).toEqual([true, true, true])
    expect([2, '1', true, undefined].map((v) => ok('bait', v))).toEqual([false, false, false, false])
    for (const c of ['read_at_ms', 'at_ms'] as const) {
      for (const ms of [
        0,
        Date.parse('2026-01-01T00:00:00Z'),
        Date.parse('0000-01-01T00:00:00Z'),
        Date.parse('9999-12-31T23:59:59.999Z'),
      ]) {
        expect(ok(c, ms)).toBe(true)
        expect(shape.read_at.safeParse(new Date(ms).toISOString()).success).toBe(true)
      }
      for (const ms of [Date.parse('9999-12-31T23:59:59.999Z') + 1, Date.parse('0000-01-01T00:00:00Z') - 1]) {
        expect(ok(c, ms)).toBe(false)
        expect(shape.read_at.safeParse(new Date(ms).toISOString()).success).toBe(false)
      }
      for (const v of [1.5, Number.NaN, '1', null, 10n]) expect(ok(c, v)).toBe(false)
    }
  })

  it('a read checks each column it selected and names the leg and the column of the first damage', () => {
    const read = new LegRead(['id', 'direction', 'amount', 'status'])
    expect(read.select).toBe('l.id, l.direction, l.amount, l.status')
    const row = read.check(['a1', 'out', '1.5', 'completed'])
    expect(read.value(row, 'amount')).toBe('1.5')
    expect(() => read.check(['a1', 'out', '1.5e3', 'completed'])).toThrow(
      expect.objectContaining({
        code: 'record_corrupt',
        message: expect.stringMatching(/\(id a1, direction out\): its amount is not a decimal amount/),
      }),
    )
    expect(() => read.check(['a1', 'out', '1.5', new Uint8Array([0])])).toThrow(/its status is not text/)
  })
})
