import { expect, it } from 'vitest'
import { staleScreeningWarning } from '../../../shared/payouts/stale-screening'

it('warns only when even the newest list is stale, naming its age', () => {
  expect(staleScreeningWarning([])).toBeNull()
  expect(
    staleScreeningWarning([
      { ageDays: 3, stale: false },
      { ageDays: 40, stale: true },
    ]),
  ).toBeNull()
  expect(
    staleScreeningWarning([
      { ageDays: 9, stale: true },
      { ageDays: 40, stale: true },
    ]),
  ).toMatch(/^The newest screening list is 9 days old \(older than 7 days\)/)
})
