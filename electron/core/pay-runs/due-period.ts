import { DeskError } from '../errors'
import type { PayRun, RunPeriod } from '../store'
import { nextDue } from './due'
import { dayOf, isPeriod, type Period } from './schedule'

/**
 * The period a send pays: without one asked, the due one (today's, or the oldest overdue), and nothing when the next
 * is ahead; a period asked that is ahead of today only when a person typed its date (`ahead`). `--yes` never stands
 * for that: a script retried pays one period, not the next ones.
 */
export function periodToSend(
  run: PayRun,
  periods: readonly RunPeriod[],
  asked: Period | undefined,
  ahead: boolean,
  today: Date,
): Period {
  const day = dayOf(today)
  if (asked === undefined) {
    const next = nextDue(run.schedule, periods, today)
    if (next.period === null)
      throw new DeskError('invalid_input', `The schedule of "${run.name}" has no period left; nothing is due.`)
    if (next.state === 'upcoming')
      throw new DeskError(
        'invalid_input',
        `Nothing is due in "${run.name}": its next period ${next.period} is ahead (today is ${day}). To pay it ` +
          `early, give --period ${next.period} and type its date on a terminal (--ahead in a script).`,
      )
    return next.period
  }
  if (!isPeriod(run.schedule, asked))
    throw new DeskError('invalid_input', `${asked} is not one of the run's periods (YYYY-MM-DD on its schedule).`)
  if (asked > day && !ahead)
    throw new DeskError(
      'confirmation_required',
      `The period ${asked} is ahead (today is ${day}): it is paid early only with its date typed on a terminal, ` +
        'or --ahead in a script; --yes alone never pays it. Nothing was recorded.',
    )
  return asked
}
