import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { inputFromIso, isoFromInput } from '../../../renderer/src/format/zoned-input'
import { describeFilter, EMPTY_DRAFT, toLedgerFilter } from '../../../renderer/src/screens/transactions/ledger-filter'

describe('the Transactions filter', () => {
  it('asks nothing of the ledger for empty controls', () => {
    expect(toLedgerFilter(EMPTY_DRAFT)).toEqual({ filter: {}, problems: null })
  })

  it('combines every control that is set, trimming amounts and the search', () => {
    const draft = {
      ...EMPTY_DRAFT,
      walletId: 'w1',
      asset: 'USDC',
      network: 'ethereum-sepolia',
      direction: 'out' as const,
      status: 'not_final',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-02T00:00:00.000Z',
      minAmount: ' 1.5 ',
      maxAmount: '20',
      text: '  0xAbC ',
    }
    expect(toLedgerFilter(draft).filter).toEqual({
      walletId: 'w1',
      asset: 'USDC',
      network: 'ethereum-sepolia',
      direction: 'out',
      status: 'not_final',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-02T00:00:00.000Z',
      minAmount: '1.5',
      maxAmount: '20',
      text: '0xAbC',
    })
  })

  it.each([
    [{ minAmount: '1,5' }, { minAmount: 'A plain decimal number, like 1250.5 (no separators).' }],
    [{ maxAmount: '1e3' }, { maxAmount: 'A plain decimal number, like 1250.5 (no separators).' }],
    // Compared as decimals, not as text: "10" is above "9.5".
    [{ minAmount: '10', maxAmount: '9.5' }, { maxAmount: 'The largest amount must not be below the smallest.' }],
    [
      { from: '2026-11-02T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' },
      { range: 'The start must be before the end.' },
    ],
  ])('refuses %j with a reason instead of a query', (change, problems) => {
    expect(toLedgerFilter({ ...EMPTY_DRAFT, ...change })).toEqual({ filter: null, problems })
  })

  it('accepts equal bounds written differently (1.5 and 1.50)', () => {
    expect(toLedgerFilter({ ...EMPTY_DRAFT, minAmount: '1.50', maxAmount: '1.5' }).problems).toBeNull()
  })

  it('names the filter that emptied the list', () => {
    const draft = {
      ...EMPTY_DRAFT,
      direction: 'in' as const,
      status: 'not_final',
      from: '2026-11-01T00:00:00.000Z',
      text: 'abc',
    }
    expect(describeFilter(draft, 'Payroll', (iso) => iso.slice(0, 10))).toBe(
      'in wallet “Payroll”, direction in, not final, recorded after 2026-11-01, matching “abc”',
    )
  })
})

describe('date-and-time fields in the chosen zone', () => {
  let tz: string | undefined
  beforeEach(() => {
    tz = process.env.TZ
    process.env.TZ = 'America/New_York'
  })
  afterEach(() => {
    if (tz === undefined) delete process.env.TZ
    else process.env.TZ = tz
  })

  it('reads the same text as another instant in UTC and in local time', () => {
    expect(isoFromInput('2026-11-20T10:00', 'utc')).toBe('2026-11-20T10:00:00.000Z')
    expect(isoFromInput('2026-11-20T10:00', 'local')).toBe('2026-11-20T15:00:00.000Z')
    expect(isoFromInput('', 'utc')).toBeNull()
    expect(isoFromInput('not a time', 'local')).toBeNull()
  })

  it('shows one instant as the text of each zone, to the second when it has seconds', () => {
    expect(inputFromIso('2026-11-20T15:00:00.000Z', 'utc')).toBe('2026-11-20T15:00')
    expect(inputFromIso('2026-11-20T15:00:00.000Z', 'local')).toBe('2026-11-20T10:00')
    expect(inputFromIso('2026-07-01T15:00:09.000Z', 'local')).toBe('2026-07-01T11:00:09')
    expect(inputFromIso(null, 'utc')).toBe('')
  })

  it('asks for a tag in lower case, and names a tag the rule refuses instead of asking', () => {
    expect(toLedgerFilter({ ...EMPTY_DRAFT, tag: ' Payroll ' })).toEqual({ filter: { tag: 'payroll' }, problems: null })
    expect(toLedgerFilter({ ...EMPTY_DRAFT, tag: 'pay roll' })).toEqual({
      filter: null,
      problems: { tag: 'tag "pay roll" may hold only letters a-z, digits, - and _' },
    })
    expect(describeFilter({ ...EMPTY_DRAFT, tag: 'Q3' }, null, (iso) => iso)).toContain('tagged “q3”')
  })
})
