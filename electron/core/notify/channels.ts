import { randomUUID } from 'node:crypto'
import { freeTextProblem } from '../../../shared/text/plain-text'
import { NotifySettingsSchema, timeZoneProblem, type NotifySettings } from '../../../shared/notify/notify-settings'
import { decisionEntry } from '../audit/use-cases'
import { DeskError } from '../errors'
import type { Profile } from '../profiles/profile'
import { notifyRepo, type DeskStore, type NotifyChannelKind, type NotifyChannelRow } from '../store'
import { keychainUnavailable, type SecretStore } from '../vault'
import { testMessage } from './compose'
import { deliverDue } from './delivery'
import { NotifySecrets } from './notify-secrets'
import type { OsNotify } from './senders'
import { checkEmailAddress, checkSmtpUrl, checkWebhookUrl } from './target-url'

/** A failing channel is said on Home and in the list once it has failed for this long. */
export const FAILING_FOR_MS = 24 * 3_600_000

/** Where a new channel goes: its URL (a secret) or, for email, the recipient and the SMTP URL (a secret). */
export type ChannelTarget =
  | { kind: 'slack'; url: string }
  | { kind: 'webhook'; url: string }
  | { kind: 'email'; to: string; smtp: string }
  | { kind: 'os' }

export interface NotifyPlace {
  store: DeskStore
  profile: Profile
  secretStore: SecretStore
}

/** A channel as the list shows it: never its URL. */
export interface ChannelView {
  id: string
  name: string
  kind: NotifyChannelKind
  escalation: boolean
  recipient: string | null
  lastOkAt: string | null
  lastError: string | null
  lastErrorAt: string | null
  failingSince: string | null
  /** Failing without a success for a day or more: said on Home. */
  failingForADay: boolean
}

export function channelView(c: NotifyChannelRow, now: Date): ChannelView {
  return {
    id: c.id,
    name: c.name,
    kind: c.kind,
    escalation: c.escalation,
    recipient: c.recipient,
    lastOkAt: c.last_ok_at,
    lastError: c.last_error,
    lastErrorAt: c.last_error_at,
    failingSince: c.failing_since,
    failingForADay: c.failing_since !== null && now.getTime() - Date.parse(c.failing_since) >= FAILING_FOR_MS,
  }
}

export function listChannels(store: DeskStore, now = new Date()): ChannelView[] {
  return store
    .read('read the notification channels', () => store.repo(notifyRepo).channels())
    .map((c) => channelView(c, now))
}

function findChannel(store: DeskStore, nameOrId: string): NotifyChannelRow {
  const wanted = nameOrId.trim().toLowerCase()
  const found = store
    .read('read the notification channels', () => store.repo(notifyRepo).channels())
    .find((c) => c.id === nameOrId || c.name.toLowerCase() === wanted)
  if (!found) throw new DeskError('invalid_input', 'No notification channel of this profile has that name.')
  return found
}

function secretOf(target: ChannelTarget): string | null {
  if (target.kind === 'slack') return checkWebhookUrl(target.url, 'Slack webhook URL')
  if (target.kind === 'webhook') return checkWebhookUrl(target.url)
  if (target.kind === 'email') return checkSmtpUrl(target.smtp).url
  return null
}

/**
 * Adds a channel: its URL or SMTP password goes to the keychain first (no row ever points at nothing), then the row
 * and its audit row (which name the channel and its kind, never where it goes) in one transaction.
 */
export async function addChannel(
  place: NotifyPlace,
  input: { target: ChannelTarget; name?: string; escalation: boolean; by: string },
  now = new Date(),
): Promise<ChannelView> {
  const { store, profile } = place
  const recipient = input.target.kind === 'email' ? checkEmailAddress(input.target.to) : null
  const secret = secretOf(input.target)
  const name = (input.name ?? defaultName(input.target.kind, recipient)).trim()
  const problem = freeTextProblem(name, 64)
  if (problem) throw new DeskError('invalid_input', `The channel name ${problem}.`)
  if (listChannels(store).some((c) => c.name.toLowerCase() === name.toLowerCase()))
    throw new DeskError('invalid_input', 'This profile has a notification channel of that name; choose another --name.')
  const id = randomUUID()
  const secrets = new NotifySecrets(place.secretStore, profile.id)
  if (secret !== null) await secrets.set(id, { url: secret })
  const row = {
    id,
    name,
    kind: input.target.kind,
    escalation: input.escalation,
    recipient,
    created_at: now.toISOString(),
  }
  try {
    store.transaction('add a notification channel', () => {
      store.repo(notifyRepo).addChannel(row)
      store.audit.append(
        decisionEntry(now, 'notify.channel_added', input.by, null, {
          channel: name,
          channel_kind: row.kind,
          escalation: row.escalation,
        }),
      )
    })
  } catch (err) {
    if (secret !== null) await secrets.delete(id).catch(() => false)
    throw err
  }
  return listChannels(store, now).find((c) => c.id === id)!
}

function defaultName(kind: NotifyChannelKind, recipient: string | null): string {
  return kind === 'email' ? `email ${recipient}` : kind === 'os' ? 'system notifications' : kind
}

/**
 * Removes a channel: its URL or SMTP password leaves the keychain first, then the row and its audit row. A keychain
 * that refuses keeps both (the person is told, and removing again finishes the job); a row is never removed with its
 * secret left behind.
 */
export async function removeChannel(place: NotifyPlace, nameOrId: string, by: string, now = new Date()) {
  const { store } = place
  const channel = findChannel(store, nameOrId)
  if (channel.kind !== 'os') {
    await new NotifySecrets(place.secretStore, place.profile.id).delete(channel.id).catch((err: unknown) => {
      if (err instanceof DeskError && err.code !== 'keychain_unavailable') throw err
      throw keychainUnavailable(
        `The channel "${channel.name}" was not removed: the keychain did not delete its URL.`,
        err,
      )
    })
  }
  store.transaction('remove a notification channel', () => {
    store.repo(notifyRepo).removeChannel(channel.id)
    store.audit.append(
      decisionEntry(now, 'notify.channel_removed', by, null, { channel: channel.name, channel_kind: channel.kind }),
    )
  })
  return channelView(channel, now)
}

export function notifySettings(store: DeskStore): NotifySettings {
  return store.read('read the notification settings', () => store.repo(notifyRepo).settings().settings)
}

/** Changes some settings; the whole result is checked by the contract's schema. */
export function setNotifySettings(
  store: DeskStore,
  change: Partial<NotifySettings>,
  by: string,
  now = new Date(),
): NotifySettings {
  if (change.timeZone !== undefined) {
    const problem = timeZoneProblem(change.timeZone)
    if (problem) throw new DeskError('invalid_input', `The time zone: ${problem}.`)
  }
  const next = NotifySettingsSchema.safeParse({ ...notifySettings(store), ...change })
  if (!next.success)
    throw new DeskError('invalid_input', `Notification settings: ${next.error.issues.map((i) => i.message).join('; ')}`)
  store.transaction('change the notification settings', () => {
    store.repo(notifyRepo).setSettings(next.data, now.toISOString())
    store.audit.append(decisionEntry(now, 'notify.settings_set', by, null, { ...next.data }))
  })
  return next.data
}

/** Sends a test message to each channel (or the one named) now; what became of it on each. */
export async function testChannels(
  place: NotifyPlace,
  options: { name?: string; os?: OsNotify; by: string },
  now = () => new Date(),
): Promise<Array<{ name: string; delivered: boolean; error: string | null }>> {
  const { store, profile } = place
  const channels = options.name
    ? [findChannel(store, options.name)]
    : listChannels(store).map((c) => findChannel(store, c.id))
  if (channels.length === 0) throw new DeskError('invalid_input', 'This profile has no notification channel yet.')
  const subject = `test:${randomUUID()}`
  store.transaction('queue a test message', () => {
    const repo = store.repo(notifyRepo)
    for (const c of channels)
      repo.enqueue(subject, [c.id], JSON.stringify(testMessage(profile, c.name)), now().toISOString())
  })
  const secrets = new NotifySecrets(place.secretStore, profile.id)
  await deliverDue({ store, secrets, os: options.os, now, actor: options.by }, notifySettings(store))
  const outcomes = store.read('read the test outcome', () => store.repo(notifyRepo).outcomes(subject))
  return channels.map((c) => {
    const o = outcomes.find((x) => x.channelId === c.id)
    const delivered = o?.outcome === 'delivered'
    const error = delivered ? null : (o?.lastError ?? (c.kind === 'os' ? 'waits for the app to show it' : 'not tried'))
    return { name: c.name, delivered, error }
  })
}
