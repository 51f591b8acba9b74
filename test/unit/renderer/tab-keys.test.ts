import { describe, expect, it } from 'vitest'
import { tabAfterKey } from '../../../renderer/src/components/tab-keys'

describe('the tab list keys (ARIA tabs pattern)', () => {
  it('arrows move to the next and previous tab, wrapping at the ends', () => {
    expect(tabAfterKey('ArrowRight', 0, 3)).toBe(1)
    expect(tabAfterKey('ArrowRight', 2, 3)).toBe(0)
    expect(tabAfterKey('ArrowLeft', 0, 3)).toBe(2)
    expect(tabAfterKey('ArrowLeft', 2, 3)).toBe(1)
  })

  it('Home and End go to the first and last tab', () => {
    expect(tabAfterKey('Home', 2, 3)).toBe(0)
    expect(tabAfterKey('End', 0, 3)).toBe(2)
  })

  it('any other key, or no tabs, is not the list’s', () => {
    expect(tabAfterKey('Enter', 1, 3)).toBeNull()
    expect(tabAfterKey('ArrowDown', 1, 3)).toBeNull()
    expect(tabAfterKey('ArrowRight', 0, 0)).toBeNull()
  })
})
