import { readFile, stat } from 'node:fs/promises'
import type { Policy, PayoutHours } from '../../shared/policy/policy-schema'
import { policyFromFile } from '../../shared/policy/policy-file'
import { DeskError } from '../core/errors'
import type { Values } from './command'
import { UsageError } from './usage-error'

const MAX_POLICY_FILE = 1024 * 1024
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']

/** The USD, hours and count rules of `policy set`, beside the per-asset ones. */
export const EXTRA_OPTIONS = {
  'max-usd-per-payout': { type: 'string' },
  'max-usd-per-day': { type: 'string' },
  'max-usd-per-7-days': { type: 'string' },
  'max-payouts-per-hour': { type: 'string' },
  'max-payouts-per-day': { type: 'string' },
  'max-new-destination-payouts-per-day': { type: 'string' },
  hours: { type: 'string', multiple: true },
  'time-zone': { type: 'string' },
  'outside-hours': { type: 'string' },
  file: { type: 'string' },
} as const

export const EXTRA_USAGE =
  '[--max-usd-per-payout USD] [--max-usd-per-day USD] [--max-usd-per-7-days USD] [--max-payouts-per-hour N] ' +
  '[--max-payouts-per-day N] [--max-new-destination-payouts-per-day N] ' +
  '[--hours "mon-fri 09:00-17:00"]... [--time-zone ZONE] [--outside-hours hold|refuse] | --file POLICY.json'

type Extra = Pick<
  Policy,
  | 'maxUsdPerPayout'
  | 'maxUsdPerDay'
  | 'maxUsdPer7Days'
  | 'hours'
  | 'maxPayoutsPerHour'
  | 'maxPayoutsPerDay'
  | 'maxNewDestinationPayoutsPerDay'
>

/** The options as rules; amounts and zones are then checked by the policy's own schema. */
export function extraRules(v: Values, usage: string): Extra {
  const text = (name: string) => (v[name] === undefined ? null : (v[name] as string).trim())
  const count = (name: string) => {
    const t = text(name)
    if (t === null) return null
    if (!/^-?\d+$/.test(t)) throw new UsageError(`--${name} takes a whole number; got "${t}".`, usage)
    return Number(t)
  }
  return {
    maxUsdPerPayout: text('max-usd-per-payout'),
    maxUsdPerDay: text('max-usd-per-day'),
    maxUsdPer7Days: text('max-usd-per-7-days'),
    maxPayoutsPerHour: count('max-payouts-per-hour'),
    maxPayoutsPerDay: count('max-payouts-per-day'),
    maxNewDestinationPayoutsPerDay: count('max-new-destination-payouts-per-day'),
    hours: hours(v, usage),
  }
}

function hours(v: Values, usage: string): PayoutHours | null {
  const windows = (v.hours as string[] | undefined) ?? []
  if (windows.length === 0) {
    if (v['time-zone'] !== undefined || v['outside-hours'] !== undefined)
      throw new UsageError('--time-zone and --outside-hours go with --hours.', usage)
    return null
  }
  const outside = (v['outside-hours'] as string | undefined) ?? 'hold'
  if (outside !== 'hold' && outside !== 'refuse') throw new UsageError('--outside-hours is hold or refuse.', usage)
  if (v['time-zone'] === undefined) throw new UsageError('--hours needs --time-zone, e.g. Europe/Berlin.', usage)
  return {
    timeZone: v['time-zone'] as string,
    outside,
    windows: windows.map((w) => {
      const m = /^\s*([a-z]{3})(?:-([a-z]{3}))?((?:,[a-z]{3})*)\s+(\d\d:\d\d)-(\d\d:\d\d)\s*$/i.exec(w)
      const first = DAYS.indexOf(m?.[1]?.toLowerCase() ?? '')
      const last = m?.[2] ? DAYS.indexOf(m[2].toLowerCase()) : first
      const more = (m?.[3] ?? '')
        .split(',')
        .filter(Boolean)
        .map((d) => DAYS.indexOf(d.toLowerCase()))
      if (!m || first < 0 || last < first || more.includes(-1))
        throw new UsageError(`--hours takes DAYS HH:MM-HH:MM, e.g. "mon-fri 09:00-17:00"; got "${w}".`, usage)
      const days = [...DAYS.keys()].filter((d) => d >= first && d <= last).concat(more)
      return { days: [...new Set(days)].map((d) => d + 1), from: m[4]!, to: m[5]! }
    }),
  }
}

/** A policy file as `policy show --json` writes it (or the bare policy); refused whole with every problem named. */
export async function readPolicyFile(file: string): Promise<{ text: string; policy: Policy }> {
  const info = await stat(file).catch(() => {
    throw new DeskError('invalid_input', `Cannot read ${file}: no such file.`)
  })
  if (!info.isFile() || info.size > MAX_POLICY_FILE)
    throw new DeskError('invalid_input', `${file} is not a policy file (at most 1 MB of JSON).`)
  const text = await readFile(file, 'utf8')
  const read = policyFromFile(text)
  if ('problem' in read) throw new DeskError('invalid_input', `The policy in ${file} was not read: ${read.problem}.`)
  return { text, policy: read.policy }
}
