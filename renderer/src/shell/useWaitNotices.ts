import { useEffect, useRef } from 'react'
import { DEFAULT_APPROVAL_REMINDER_MINUTES } from '@shared/ipc/channels/settings'
import { shownLine } from '@shared/text/visible-text'
import { useDeskQuery } from '../data/useDeskQuery'
import { ageText, waitedMs } from '../format/age'
import { formatDecimal } from '../format/decimal'
import { useNow } from '../components/useNow'
import { useProfiles } from '../stores/profiles'
import { dueReminders } from './approval-reminders'
import { notify } from './notify'

/** Ids already reminded of, per profile, kept across restarts so each payout is reminded once. */
const KEPT = 500
const storageKey = (profileId: string) => `payout-desk.reminded.${profileId}`

function remembered(profileId: string): Set<string> {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(storageKey(profileId)) ?? '[]')
    return new Set(Array.isArray(ids) ? ids.filter((i): i is string => typeof i === 'string') : [])
  } catch {
    return new Set()
  }
}

/**
 * Tells the person what waits on them: a payout that has waited for approval longer than the threshold (once per
 * payout), and an agent's payout the policy held (at once, once per key).
 */
export function useWaitNotices(): void {
  const profileId = useProfiles((s) => s.current?.id ?? null)
  const settings = useDeskQuery('settings.get', {})
  // Reads the cached payout list (Payouts reads it, pushes keep it current) without reading it itself: a list read is
  // every page of payouts, and the key's request budget belongs to payouts.
  const list = useDeskQuery('withdrawals.list', {}, { enabled: false })
  const held = useDeskQuery('held.list', {}, { enabled: profileId !== null })
  const now = useNow(30_000)
  const heldSeen = useRef<Set<string> | null>(null)
  const threshold = settings.data?.approvalReminderMinutes ?? DEFAULT_APPROVAL_REMINDER_MINUTES

  useEffect(() => {
    if (!profileId || !list.data) return
    const reminded = remembered(profileId)
    const due = dueReminders(list.data, threshold, Date.now(), reminded)
    if (due.length === 0) return
    const w = due[0]!
    // Several due together (the app opened after a night) are one notice, not one each.
    notify(
      due.length > 1
        ? { id: `waiting-${w.id}-${due.length}`, text: shownLine`${due.length} payouts have waited more than ${ageText(threshold * 60_000)} for approval in the console.`, section: 'payouts', detailId: null }
        : {
            id: `waiting-${w.id}`,
            text: shownLine`Payout of ${formatDecimal(w.amount)} ${w.asset} has waited ${ageText(waitedMs(w.created_at, Date.now()))} for approval in the console.`,
            section: 'payouts',
            detailId: w.id,
          },
    )
    for (const d of due) reminded.add(d.id)
    localStorage.setItem(storageKey(profileId), JSON.stringify([...reminded].slice(-KEPT)))
  }, [profileId, list.data, threshold, now])

  useEffect(() => {
    heldSeen.current = null
  }, [profileId])

  useEffect(() => {
    if (!held.data) return
    const seen = heldSeen.current ?? new Set<string>()
    for (const e of held.data) {
      if (seen.has(e.idempotencyKey)) continue
      seen.add(e.idempotencyKey)
      notify({ id: `held-${e.idempotencyKey}`, text: shownLine`The agent's payout of ${formatDecimal(e.body.amount)} ${e.body.asset} is held for you: release or reject it.`, section: 'payouts', detailId: null })
    }
    heldSeen.current = seen
  }, [held.data])
}
