import { shownLine, type ShownText } from '@shared/text/visible-text'
import type { Notice, NoticeDetail, NoticeTone } from '../stores/notices'

/** A payout's ending in the tone it deserves: one that failed, was rejected or expired is never green. */
const TONE: Readonly<Record<string, NoticeTone>> = {
  completed: 'good',
  approved: 'info',
  rejected: 'bad',
  failed: 'bad',
  expired: 'bad',
}

/**
 * Payouts reaching one status less than this apart are one burst: one notice that sums them. A batch's rows are
 * read back over minutes, so the window is long; a notice dismissed starts the count again.
 */
export const BURST_MS = 10 * 60_000

/**
 * The notice for payouts that just reached `status` (`word` is how the notice says it). A lone payout is told alone;
 * when a notice for the same status was told less than ten minutes ago and is still shown, it becomes one notice that
 * sums them ("6 payouts completed.") with each payout in its details, instead of a banner more.
 */
export function payoutNotice(
  status: string,
  word: string,
  lines: readonly NoticeDetail[],
  shownNow: readonly Notice[],
  now: number,
): Notice {
  const burst = `payouts-${status}`
  const last = shownNow.find((n) => n.burst === burst && n.at !== undefined && now - n.at < BURST_MS)
  const before = last ? (last.details ?? []) : []
  const seen = new Set(before.map((d) => d.detailId))
  const details = [...before, ...lines.filter((l) => !seen.has(l.detailId))]
  const id = last?.id ?? `${burst}-${lines[0]!.detailId}`
  const tone = TONE[status] ?? 'info'
  if (details.length === 1) {
    const only = details[0]!
    return {
      id,
      tone,
      burst,
      at: now,
      details,
      text: shownLine`${only.text} ${word}.`,
      section: 'payouts',
      detailId: only.detailId,
    }
  }
  const text: ShownText = shownLine`${details.length} payouts ${word}.`
  return { id, tone, burst, at: now, details, text, section: 'payouts', detailId: null }
}
