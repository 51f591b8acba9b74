import { describe, expect, it } from 'vitest'
import { AccountMap, parseAccountMap } from '../../../electron/core/close/account-map'
import { closePeriod } from '../../../electron/core/close/period'

describe('a close period', () => {
  it('is a calendar month in UTC, its cutoff the next month’s first instant', () => {
    expect(closePeriod('2026-12')).toEqual({
      period: '2026-12',
      timeZone: 'UTC',
      from: '2026-12-01T00:00:00.000Z',
      cutoff: '2027-01-01T00:00:00.000Z',
    })
  })

  it('in a named zone starts at local midnight, summer time read at each bound', () => {
    expect(closePeriod('2026-10', 'Europe/Berlin')).toMatchObject({
      from: '2026-09-30T22:00:00.000Z',
      cutoff: '2026-10-31T23:00:00.000Z',
    })
    expect(closePeriod('2026-11', 'America/New_York')).toMatchObject({
      from: '2026-11-01T04:00:00.000Z',
      cutoff: '2026-12-01T05:00:00.000Z',
    })
  })

  it('refuses what is not a month or a zone, naming it', () => {
    expect(() => closePeriod('2026-13')).toThrow(/2026-13.*YYYY-MM/)
    expect(() => closePeriod('2026-1')).toThrow(/YYYY-MM/)
    expect(() => closePeriod('2026-11', 'Mars/Olympus')).toThrow(/IANA time zone/)
  })
})

describe('the account mapping file', () => {
  const header = 'wallet,asset,kind,account\n'

  it('reads wallet,asset,kind,account; the most specific row wins', () => {
    const { rows } = parseAccountMap(
      header + '*,*,outgoing,Payables\nw1,*,outgoing,Payroll\n*,usdc,outgoing,Stablecoin payables\nw1,USDC,fee,Fees\n',
    )
    const map = new AccountMap(rows)
    expect(map.account(['w1', 'Ops'], 'USDC', 'outgoing')).toBe('Payroll')
    expect(map.account(['w2'], 'USDC', 'outgoing')).toBe('Stablecoin payables')
    expect(map.account(['w2'], 'ETH', 'outgoing')).toBe('Payables')
    expect(map.account(['w2'], 'ETH', 'incoming')).toBeNull()
  })

  it('refuses a file with another header, an unknown kind or a repeated row, naming the line', () => {
    expect(() => parseAccountMap('wallet,kind,asset,account\n*,fee,*,Fees\n')).toThrow(
      /header wallet,asset,kind,account/,
    )
    expect(() => parseAccountMap(header + '*,*,refund,Refunds\n')).toThrow(/line 2: kind.*incoming, outgoing, fee/)
    expect(() => parseAccountMap(header + '*,*,fee,Fees\n*,*,fee,Other\n')).toThrow(/line 3 .*as line 2/)
  })
})
