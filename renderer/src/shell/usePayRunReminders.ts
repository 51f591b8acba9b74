import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { shownLine } from '@shared/text/visible-text'
import { useDeskMutation } from '../data/useDeskMutation'
import { currentProfileId } from '../data/profiles'
import { notify } from './notify'

/** How often the app asks again: a period falls due at midnight UTC while the app stays open. */
const EVERY_MS = 15 * 60_000

/** Tells a pay run due today or overdue; the core notes each told period, so it is said once per period. */
export function usePayRunReminders(): void {
  const client = useQueryClient()
  const profileId = currentProfileId(client)
  // Asking notes the periods told: a write, so it goes through a mutation.
  const { mutateAsync: remind } = useDeskMutation('payRuns.reminders')
  useEffect(() => {
    if (!profileId) return
    const ask = () =>
      void remind({})
        .then((runs) => {
          for (const r of runs) {
            notify({
              id: `pay-run-${r.id}-${r.next.period}`,
              tone: r.next.state === 'overdue' ? 'wait' : 'info',
              text:
                r.next.state === 'overdue'
                  ? shownLine`Pay run ${r.name} is overdue: period ${r.next.period ?? ''}.`
                  : shownLine`Pay run ${r.name} is due today.`,
              section: 'payRuns',
              detailId: null,
            })
          }
        })
        // A closed or locked profile answers nothing; the next tick asks again.
        .catch(() => undefined)
    ask()
    const timer = setInterval(ask, EVERY_MS)
    return () => clearInterval(timer)
  }, [profileId, remind])
}
