import { create } from 'zustand'

export type TimeZoneChoice = 'local' | 'utc'
const KEY = 'payout-desk.time-zone'

interface TimeZoneState {
  zone: TimeZoneChoice
  set(zone: TimeZoneChoice): void
}

/** Whether every time on every screen is shown in UTC (as the provider and the console write it) or local time. */
export const useTimeZone = create<TimeZoneState>((set) => ({
  // No storage where a component is drawn outside a page (a unit test's static render): local time.
  zone: globalThis.localStorage?.getItem(KEY) === 'utc' ? 'utc' : 'local',
  set(zone) {
    localStorage.setItem(KEY, zone)
    set({ zone })
  },
}))
