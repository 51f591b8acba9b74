import { describe, expect, it } from 'vitest'
import { parsePriceTable } from '../../../electron/core/history/accounting/price-table'
import { presetLine } from '../../../electron/core/history/accounting/preset-line'

const HEADER = 'date,asset,fiat,price'
const file = (...lines: string[]) => [HEADER, ...lines].join('\r\n')

describe('price table: read whole, refused whole naming the line', () => {
  it('reads days, assets (upper-cased), fiats and prices as written', () => {
    expect(parsePriceTable(`\ufeff${file('2026-01-01,usdc,USD,1.0001', '2026-01-01,ETH,EUR,3012.50')}\r\n`)).toEqual([
      { date: '2026-01-01', asset: 'USDC', fiat: 'USD', price: '1.0001' },
      { date: '2026-01-01', asset: 'ETH', fiat: 'EUR', price: '3012.5' },
    ])
  })

  it.each([
    [file('2026-01-01,USDC,USD,1', '2026-13-01,USDC,USD,1'), /line 3: date "2026-13-01" is not a calendar day/],
    [file('2026-01-01,USDC,usd,1'), /line 2: fiat "usd" is not a three-letter currency code/],
    [file('2026-01-01,USDC,USD,-1'), /line 2: price "-1" is not a positive decimal/],
    [file('2026-01-01,USDC,USD,0'), /line 2: price "0" is not a positive decimal/],
    [file('2026-01-01,USDC,USD,1,5'), /line 2 has 5 cells; the header has 4/],
    [file('2026-01-01,US\u202eDC,USD,1'), /line 2: asset contains U\+202E/],
    [
      file('2026-01-01,USDC,USD,1', '', '2026-01-01,usdc,USD,2'),
      /line 4 repeats the price of usdc in USD on 2026-01-01 from line 2/,
    ],
    ['asset,date,fiat,price\n2026-01-01,USDC,USD,1', /line 1 must be the header date,asset,fiat,price/],
    [HEADER, /a header but no rows/],
    ['', /the file is empty/],
    [file('2026-01-01,"USDC,USD,1'), /is not valid CSV/],
  ])('refuses %j', (text, message) => {
    expect(() => parsePriceTable(text)).toThrow(message)
    expect(() => parsePriceTable(text)).toThrow(/^The price table was not imported: /)
  })
})

describe('a preset line', () => {
  it('writes its own signed amounts as numbers and every text cell through the formula and hidden-character rules', () => {
    expect(presetLine([{ signed: '-12.5' }, '-12.5', '=SUM(A1)', 'a\u202eb', null])).toBe(
      "-12.5,'-12.5,'=SUM(A1),a[U+202E]b,\r\n",
    )
  })

  it('refuses an amount cell that is not a signed decimal rather than write it', () => {
    expect(() => presetLine([{ signed: '=1+1' }])).toThrow(/Not a signed decimal/)
    expect(() => presetLine([{ signed: '1e5' }])).toThrow(/Not a signed decimal/)
  })
})
