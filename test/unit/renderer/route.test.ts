import { describe, expect, it } from 'vitest'
import { formatRoute, parseRoute } from '../../../renderer/src/stores/route'

const SECTIONS = ['wallets', 'payouts', 'batches'] as const

describe('the route in the page address', () => {
  it('reads back what it wrote: a section, and its view when it has one', () => {
    for (const route of [
      { section: 'payouts', view: 'waiting' },
      { section: 'payouts', view: 'new' },
      { section: 'wallets', view: null },
    ] as const) {
      expect(parseRoute(formatRoute(route), SECTIONS)).toEqual(route)
    }
    expect(formatRoute({ section: 'payouts', view: 'held' })).toBe('#/payouts/held')
  })

  it('is no route for an empty address, an unknown section or more than a view', () => {
    expect(parseRoute('', SECTIONS)).toBeNull()
    expect(parseRoute('#/nowhere/held', SECTIONS)).toBeNull()
    expect(parseRoute('#/payouts/held/extra', SECTIONS)).toBeNull()
  })

  it('drops a view that is not a plain name, keeping the section', () => {
    expect(parseRoute('#/payouts/<script>', SECTIONS)).toEqual({ section: 'payouts', view: null })
    expect(parseRoute(`#/payouts/${'a'.repeat(40)}`, SECTIONS)).toEqual({ section: 'payouts', view: null })
  })
})
