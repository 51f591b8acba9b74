import { dayIn, digestDue, type NotifySettings } from '../../../shared/notify/notify-settings'
import type { Profile } from '../profiles/profile'
import { notifyRepo, type DeskStore, type NotifyChannelRow } from '../store'
import { batchMessage, payoutMessage, waitingMessage, type PayoutFacts } from './compose'
import type { NotifyMessage } from './message'

type Where = Pick<Profile, 'environment' | 'baseUrl' | 'embedded'>

interface Body {
  amount: string
  asset: string
  network?: string
  destination: string
  wallet_id: string
}

/** Which channels hear a kind: approvers hear payouts, reminders and the digest; the second list the escalation. */
function listeners(channels: readonly NotifyChannelRow[], kind: NotifyMessage['kind']): string[] {
  const escalation = kind === 'escalation'
  return channels.filter((c) => c.escalation === escalation).map((c) => c.id)
}

/**
 * Puts what is new into the notification outbox, each subject marked in the same transaction, so a payout is
 * announced once whichever process (app, CLI, connector) sees it first: accepted single payouts, finished batches and
 * pay-run periods, payouts waiting past T1 (reminder) and T2 (escalation), and the day's digest.
 */
export function announceNew(
  store: DeskStore,
  profile: Where,
  settings: NotifySettings,
  since: string,
  now: Date,
  dryRun = false,
): number {
  const repo = store.repo(notifyRepo)
  const at = now.toISOString()
  const channels = repo.channels()
  let news = 0
  // A dry run (in a read, without the write lock) only counts what a real one would mark.
  const mark = (subjects: string[]) => (dryRun ? subjects.filter((s) => !repo.isMarked(s)) : repo.mark(subjects, at))
  const put = (subject: string, m: NotifyMessage) => {
    news++
    const to = listeners(channels, m.kind)
    if (to.length > 0 && !dryRun) repo.enqueue(subject, to, JSON.stringify(m), at)
  }
  for (const p of repo.unannouncedPayouts(since)) {
    const subject = `announce:payout:${p.key}`
    if (mark([subject]).length === 0) continue
    const body = JSON.parse(p.body) as Body
    put(subject, payoutMessage(profile, facts(body, p.withdrawalId, p.payeeName, p.walletName), p.requestedBy))
  }
  for (const b of repo.unannouncedBatches(since)) {
    const subject = `announce:batch:${b.id}`
    if (mark([subject]).length === 0) continue
    const rows = b.rows.map((r) => facts(JSON.parse(r.body) as Body, r.withdrawalId, r.payeeName, null))
    put(subject, batchMessage(profile, b, rows))
  }
  const waiting = repo.waiting(since)
  for (const kind of ['reminder', 'escalation'] as const) {
    const minutes = kind === 'reminder' ? settings.remindAfterMinutes : settings.escalateAfterMinutes
    const due = waiting.filter((w) => now.getTime() - Date.parse(w.created_at) >= minutes * 60_000)
    const marked = new Set(mark(due.map((w) => `${kind}:${w.id}`)))
    const fresh = due.filter((w) => marked.has(`${kind}:${w.id}`))
    if (fresh.length > 0)
      put(
        `${kind}:${fresh[0]!.id}:${fresh.length}`,
        waitingMessage(profile, kind, fresh, now, settings.expiresAfterHours),
      )
  }
  const day = dayIn(now, settings.timeZone)
  if (waiting.length > 0 && digestDue(now, settings) && mark([`digest:${day}`]).length === 1)
    put(`digest:${day}`, waitingMessage(profile, 'digest', waiting, now, settings.expiresAfterHours))
  return news
}

function facts(body: Body, id: string | null, payeeName: string | null, walletName: string | null): PayoutFacts {
  return {
    id,
    amount: body.amount,
    asset: body.asset,
    network: body.network,
    destination: body.destination,
    walletId: body.wallet_id,
    payeeName,
    walletName,
  }
}
