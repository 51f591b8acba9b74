import { describe, expect, it } from 'vitest'
import { draftOf, listedProblems, policyOf, type PolicyDraft } from '../../../renderer/src/screens/agent/policy-form'
import { NO_RULES, type Policy } from '../../../shared/policy/policy-schema'

const FULL: Policy = {
  ...NO_RULES,
  maxPerPayout: { ETH: '0.5' },
  maxUsdPerPayout: '1000.10',
  maxUsdPerDay: '2500',
  maxUsdPer7Days: '10000.5',
  maxPayoutsPerHour: 4,
  maxPayoutsPerDay: 20,
  maxNewDestinationPayoutsPerDay: 2,
  hours: {
    timeZone: 'Europe/Berlin',
    outside: 'refuse',
    windows: [
      { days: [1, 2, 3, 4, 5], from: '09:00', to: '17:30' },
      { days: [6], from: '10:00', to: '12:00' },
    ],
  },
}

const problemsOf = (patch: Partial<PolicyDraft>) => {
  const read = policyOf({ ...draftOf(NO_RULES), ...patch })
  if (!('problems' in read)) throw new Error('expected problems')
  return read.problems
}

describe('policy form: USD limits, counts and hours', () => {
  it('reads back the policy it was filled from, windows set elsewhere kept, amounts as the same strings', () => {
    const draft = draftOf(FULL)
    expect(draft).toMatchObject({ maxUsdPerPayout: '1000.10', maxPayoutsPerHour: '4', hoursDays: [1, 2, 3, 4, 5] })
    expect(policyOf(draft)).toEqual({ policy: FULL })
  })

  it('empty fields and hours switched off are no rule; typed days are sorted; decimals stay text', () => {
    const read = policyOf({
      ...draftOf(NO_RULES),
      maxUsdPerDay: ' 0.10 ',
      hoursOn: true,
      hoursDays: [7, 1],
      hoursTimeZone: 'UTC',
    })
    expect(read).toEqual({
      policy: {
        ...NO_RULES,
        maxUsdPerDay: '0.10',
        hours: { timeZone: 'UTC', outside: 'hold', windows: [{ days: [1, 7], from: '09:00', to: '17:00' }] },
      },
    })
    expect(policyOf({ ...draftOf(FULL), hoursOn: false, maxUsdPer7Days: '' })).toMatchObject({
      policy: { hours: null, maxUsdPer7Days: null },
    })
  })

  it('names each problem at its own field in plain words', () => {
    expect(
      problemsOf({
        maxUsdPerPayout: '12.345',
        maxUsdPerDay: '0',
        maxUsdPer7Days: '1e3',
        maxPayoutsPerHour: 'ten',
        maxPayoutsPerDay: '0',
        maxNewDestinationPayoutsPerDay: '2.5',
      }),
    ).toEqual({
      maxUsdPerPayout: 'a USD amount such as 1000 or 99.50',
      maxUsdPerDay: 'a USD limit must be more than 0',
      maxUsdPer7Days: 'a USD amount such as 1000 or 99.50',
      maxPayoutsPerHour: '"ten" is not a whole number such as 10 (leave it empty for no limit).',
      maxPayoutsPerDay: 'a count limit must be at least 1',
      maxNewDestinationPayoutsPerDay: '"2.5" is not a whole number such as 10 (leave it empty for no limit).',
    })
  })

  it('hours: no day, a time that is not HH:MM, an end before the start, an unknown zone', () => {
    const on = { hoursOn: true, hoursTimeZone: 'Europe/Berlin' }
    expect(problemsOf({ ...on, hoursDays: [] })).toEqual({ hoursDays: 'Choose at least one day of the week.' })
    expect(problemsOf({ ...on, hoursFrom: '9am' })).toEqual({ hoursFrom: 'from is a time HH:MM' })
    expect(problemsOf({ ...on, hoursFrom: '18:00', hoursTo: '08:00' })).toEqual({
      hoursTo: 'a window ends after it starts (from before to)',
    })
    expect(problemsOf({ ...on, hoursTimeZone: 'Mars/Olympus' })).toEqual({
      hoursTimeZone: 'an IANA time zone such as Europe/Berlin',
    })
  })

  it('per-asset rules keep their problems at their fields', () => {
    expect(problemsOf({ maxPerPayout: 'ETH' }).maxPerPayout).toContain('Write ASSET=AMOUNT')
    expect(problemsOf({ holdAbove: 'USDC=0' }).holdAbove).toContain('must be more than 0')
  })
})

describe('the problems listed above Save', () => {
  it('name their field as the form labels it (a list of bare messages did not say which field was wrong)', () => {
    const listed = listedProblems(problemsOf({ maxPayoutsPerHour: 'ten', maxUsdPerDay: 'lots' }))
    expect(listed).toHaveLength(2)
    expect(listed).toContain(
      `Maximum payouts per hour: "ten" is not a whole number such as 10 (leave it empty for no limit).`,
    )
    expect(listed.find((l) => l.startsWith('Maximum USD per rolling 24 hours: '))).toBeDefined()
  })
})
