import { deskLockTimes, setDeskLockTimes } from '../core/desk-lock/use-cases'
import { auditDeskEvent } from '../core/people/use-cases'
import { shown } from '../../shared/text/visible-text'
import { commandGroup, type Action } from './command'
import { UsageError } from './usage-error'

const show: Action = {
  name: 'desk show',
  usage: 'desk show',
  summary:
    "The desk's lock times, for every profile of this data folder: idle minutes before the app locks, and " +
    'minutes a passphrase covers a production write before it is asked again.',
  async run(ctx) {
    const times = await deskLockTimes(ctx.home)
    ctx.out(`Idle lock: ${times.idleMinutes} min`)
    ctx.out(`Re-ask before a production write: ${times.reaskMinutes} min`)
    return 0
  },
}

function minutes(value: unknown, flag: string): number | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !/^\d+$/.test(value))
    throw new UsageError(`${flag} is a whole number of minutes, e.g. 10.`, set.usage)
  return Number(value)
}

const set: Action = {
  name: 'desk set',
  usage: 'desk set [--idle-lock MIN] [--reask MIN] --as ADMIN [--passphrase-stdin]',
  summary:
    "Sets the desk's lock times (an admin's act once the desk has people): --idle-lock, minutes without input " +
    'before the app locks (1-480, default 10); --reask, minutes a passphrase covers a production write before it ' +
    "is asked again (1-60, default 5). The app reads them within seconds. Audited in every profile's log.",
  options: { 'idle-lock': { type: 'string' }, reask: { type: 'string' } },
  async run(ctx, v) {
    const idleMinutes = minutes(v['idle-lock'], '--idle-lock')
    const reaskMinutes = minutes(v.reask, '--reask')
    if (idleMinutes === undefined && reaskMinutes === undefined)
      throw new UsageError('Give --idle-lock, --reask or both.', set.usage)
    const acting = await ctx.acting('people')
    const times = await setDeskLockTimes(ctx.home, { idleMinutes, reaskMinutes })
    try {
      await auditDeskEvent(ctx.home, (p, work) => ctx.withStore(p, work), {
        path: 'desk.lock_times_set',
        surface: 'cli',
        by: acting.person ? acting.name : null,
        detail: { ...times },
      })
    } catch (err) {
      ctx.err(`payout-desk: set, but an audit log could not record it: ${shown((err as Error).message)}`)
    }
    ctx.out(`Idle lock: ${times.idleMinutes} min; re-ask before a production write: ${times.reaskMinutes} min.`)
    return 0
  },
}

export const deskCommand = commandGroup('desk', "The desk's own settings, shared by every profile: the lock's times.", [
  show,
  set,
])
