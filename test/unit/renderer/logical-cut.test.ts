import { describe, expect, it } from 'vitest'
import { cutToFit, mixesDirections, optionName } from '../../../renderer/src/names/logical-cut'

// Every character 1 px wide but the ellipsis: enough to see where the cut falls.
const width = (s: string) => [...s].length

describe('cutting a name mixing directions at its logical end', () => {
  it('tells mixed text from text of one direction', () => {
    expect(mixesDirections('Operating حساب التشغيل Wallet')).toBe(true)
    expect(mixesDirections('حساب التشغيل 42')).toBe(false)
    expect(mixesDirections('東京供应商 Acme')).toBe(false)
  })

  it('keeps the start that fits and drops the logical end, inside the Arabic run if that is where it ends', () => {
    const name = 'Treasury الخزينة المركزية'
    expect(cutToFit(name, 14, width)).toBe('Treasury الخز…')
    expect(cutToFit(name, 100, width)).toBe(name)
  })

  it('never splits a character made of two code units', () => {
    expect(cutToFit('🏦💶🚀 شركة', 3, width)).toBe('🏦💶…')
  })
})

describe('a name in a native select', () => {
  it('is cut at a number of characters, at its logical end, so the browser does not cut it in its visual middle', () => {
    expect(optionName('Treasury الخزينة Treasury الخزينة', 18)).toBe('Treasury الخزينة…')
    expect(optionName('Ops', 18)).toBe('Ops')
  })
})
