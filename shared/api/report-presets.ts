/** The report's period presets; `custom` takes the person's own from and to. */
export const REPORT_PRESETS = [
  'this-month',
  'last-month',
  'quarter-to-date',
  'last-quarter',
  'year-to-date',
  'custom',
] as const
export type ReportPreset = (typeof REPORT_PRESETS)[number]

export const REPORT_PRESET_LABELS: Record<ReportPreset, string> = {
  'this-month': 'This month',
  'last-month': 'Last month',
  'quarter-to-date': 'Quarter to date',
  'last-quarter': 'Last quarter',
  'year-to-date': 'Year to date',
  custom: 'Custom',
}

const month = (y: number, m: number) => Date.UTC(y, m, 1)

/**
 * A preset's period (from, to] in UTC. A period that runs up to today ends at the last sync, so
 * its closing balances can be compared with the provider's; without a sync it ends now, and the
 * report then says which movements it is missing.
 */
export function presetPeriod(
  preset: Exclude<ReportPreset, 'custom'>,
  nowMs: number,
  syncedToMs: number | null,
): { from: string; to: string } {
  const now = new Date(nowMs)
  const y = now.getUTCFullYear()
  const m = now.getUTCMonth()
  const q = m - (m % 3)
  const upToNow = syncedToMs ?? nowMs
  const bounds: Record<typeof preset, [number, number]> = {
    'this-month': [month(y, m), upToNow],
    'last-month': [month(y, m - 1), month(y, m)],
    'quarter-to-date': [month(y, q), upToNow],
    'last-quarter': [month(y, q - 3), month(y, q)],
    'year-to-date': [month(y, 0), upToNow],
  }
  const [from, to] = bounds[preset]
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() }
}
