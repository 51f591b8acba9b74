import { describe, expect, it } from 'vitest'
import {
  hashKey,
  hashRanges,
  hashText,
  idKey,
  idRange,
  idText,
  type BlobRange,
} from '../../../electron/core/store/ledger/ledger-keys'

const UUID = '0a1b2c3d-4e5f-4a6b-8c7d-8e9fa0b1c2d3'
const within = (range: BlobRange, key: Uint8Array) =>
  Buffer.compare(Buffer.from(range.low), Buffer.from(key)) <= 0 &&
  Buffer.compare(Buffer.from(key), Buffer.from(range.high)) < 0

describe('ledger ids and tx hashes as stored', () => {
  it('packs only the forms that come back character for character', () => {
    expect(idKey(UUID)).toHaveLength(16)
    expect(idText(idKey(UUID))).toBe(UUID)
    for (const id of [UUID.toUpperCase(), 'tx-1', `${UUID}0`, '']) expect(idKey(id)).toBe(id)
    for (const hash of [`0x${'ab'.repeat(32)}`, 'ab'.repeat(32), '0x00', 'ff']) {
      expect(hashKey(hash)).toBeInstanceOf(Uint8Array)
      expect(hashText(hashKey(hash))).toBe(hash)
    }
    for (const hash of ['0x', '0xabc', 'abc', `0X${'ab'.repeat(32)}`, 'AB', '5VERv8NMvzbJ'])
      expect(hashKey(hash)).toBe(hash)
    expect(hashKey(null)).toBeNull()
  })

  it('leaves a damaged stored value as it is, for the column rule to refuse', () => {
    expect(idText(new Uint8Array([1, 2]))).toEqual(new Uint8Array([1, 2]))
    expect(hashText(new Uint8Array([9, 1]))).toEqual(new Uint8Array([9, 1]))
    expect(hashText(7)).toBe(7)
  })

  it('turns a search text into the byte ranges of the packed values it starts, whatever its length', () => {
    const hash = `0x${'f'.repeat(63)}e`
    for (let n = 1; n <= hash.length; n++) {
      const ranges = hashRanges(hash.slice(0, n))
      expect(ranges.some((r) => within(r, hashKey(hash) as Uint8Array))).toBe(true)
      expect(ranges.some((r) => within(r, hashKey(`0x${'e'.repeat(64)}`) as Uint8Array))).toBe(n <= 2)
    }
    expect(hashRanges('0x12').some((r) => within(r, hashKey('12'.repeat(32)) as Uint8Array))).toBe(false)
    expect(hashRanges('12').some((r) => within(r, hashKey('12'.repeat(32)) as Uint8Array))).toBe(true)
    expect(hashRanges('payroll')).toEqual([])
    for (let n = 1; n <= UUID.length; n++)
      expect(within(idRange(UUID.slice(0, n))!, idKey(UUID) as Uint8Array)).toBe(true)
    expect(within(idRange('0a1c')!, idKey(UUID) as Uint8Array)).toBe(false)
    expect(idRange('0a1b2c3d4')).toBeNull()
    expect(idRange('tx-')).toBeNull()
  })
})
