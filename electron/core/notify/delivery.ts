import { isQuiet, type NotifySettings } from '../../../shared/notify/notify-settings'
import { decisionEntry } from '../audit/use-cases'
import { notifyRepo, type DeskStore, type NotifyChannelRow, type NotifyDelivery } from '../store'
import { NotifyMessageSchema, type NotifyMessage } from './message'
import type { NotifySecrets } from './notify-secrets'
import { DeliveryFailure, sendTo, type OsNotify } from './senders'

/** A message no channel took within a day is given up: a reminder that old says nothing true any more. */
const GIVE_UP_AFTER_MS = 24 * 3_600_000

/** 30 s, 1 min, 2 min … at most an hour between tries. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000)
}

export interface DeliveryDeps {
  store: DeskStore
  secrets: NotifySecrets
  os?: OsNotify
  now: () => Date
  /** Who the audit rows name: the process delivering (`notify (cli)`). */
  actor: string
}

/**
 * Tries every message that is due, each claimed first (so two processes never send one twice at once), sent, then
 * settled with its outcome and an audit row naming the channel by name and kind (never its URL). A failure waits its
 * back-off; nothing here ever touches a payout.
 */
export async function deliverDue(deps: DeliveryDeps, settings: NotifySettings): Promise<number> {
  const { store } = deps
  const repo = store.repo(notifyRepo)
  const now = deps.now()
  const due = store.read('read the notifications due', () => repo.due(now.toISOString()))
  if (due.length === 0) return 0
  const channels = new Map(store.read('read the notification channels', () => repo.channels()).map((c) => [c.id, c]))
  const quiet = isQuiet(now, settings)
  let sent = 0
  for (const d of due) {
    const channel = channels.get(d.channelId)
    const message = parse(d.message)
    if (!channel || !message) {
      store.transaction('drop a notification', () =>
        repo.settle(d, { done: 'gave_up', error: 'unreadable' }, stamp(deps)),
      )
      continue
    }
    // Quiet hours hold everything but a test; the OS notification waits for a process that can show one.
    if ((quiet && message.kind !== 'test') || (channel.kind === 'os' && !deps.os)) continue
    const retryAt = new Date(now.getTime() + retryDelayMs(d.attempts + 1)).toISOString()
    if (!store.transaction('take a notification', () => repo.claim(d.id, d.attempts, retryAt))) continue
    if (await attempt(deps, channel, d, message)) sent++
  }
  return sent
}

async function attempt(deps: DeliveryDeps, channel: NotifyChannelRow, d: NotifyDelivery, m: NotifyMessage) {
  const { store } = deps
  let error: string | null = null
  try {
    const secret = channel.kind === 'os' ? null : await deps.secrets.get(channel.id)
    await sendTo(channel, secret, m, deps.os)
  } catch (err) {
    error = err instanceof DeliveryFailure ? err.message : 'failed (keychain or sender error)'
  }
  const at = deps.now()
  const gaveUp = error !== null && at.getTime() - Date.parse(d.createdAt) > GIVE_UP_AFTER_MS
  store.transaction('record a notification', () => {
    store
      .repo(notifyRepo)
      .settle(d, { done: error === null ? 'delivered' : gaveUp ? 'gave_up' : null, error }, stamp(deps))
    store.audit.append(
      decisionEntry(
        at,
        error === null ? 'notify.delivered' : 'notify.failed',
        deps.actor,
        null,
        {
          channel: channel.name,
          channel_kind: channel.kind,
          message: m.kind,
          subject: d.subject,
          attempt: d.attempts + 1,
          ...(error === null ? {} : { error, gave_up: gaveUp }),
        },
        error === null ? null : 'delivery_failed',
      ),
    )
  })
  return error === null
}

const stamp = (deps: DeliveryDeps) => deps.now().toISOString()

function parse(json: string): NotifyMessage | null {
  try {
    const parsed = NotifyMessageSchema.safeParse(JSON.parse(json))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
