import nodemailer from 'nodemailer'
import { request } from 'undici'
import type { NotifyChannelRow } from '../store'
import { chatBody, plainBody, subjectOf, type NotifyMessage } from './message'
import { mailFailure } from './mail-failure'
import type { ChannelSecret } from './notify-secrets'
import { checkSmtpUrl } from './target-url'

const TIMEOUT_MS = 10_000

/** Why a delivery failed, in words that never hold the secret (no URL, no password, no server text that might echo
 * them): a status, an error code. */
export class DeliveryFailure extends Error {}

/** The system notification of the process (the app's); absent in the CLI and the connector. */
export type OsNotify = (title: string, body: string) => void

async function postJson(url: string, body: unknown): Promise<void> {
  let status: number
  try {
    const res = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
    })
    status = res.statusCode
    await res.body.dump()
  } catch (err) {
    throw new DeliveryFailure(`no answer (${errorCode(err)})`)
  }
  if (status < 200 || status > 299) throw new DeliveryFailure(`answered HTTP ${status}`)
}

function errorCode(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code) ? code : 'network error'
}

/** The JSON a generic webhook receives: one object per message, its text defused as Slack's is. */
export function webhookBody(m: NotifyMessage) {
  return {
    kind: m.kind,
    text: chatBody(m),
    payout_ids: m.payoutIds,
    amounts: m.amounts,
    environment: m.environment,
  }
}

/** Sends one message to one channel; throws DeliveryFailure. */
export async function sendTo(
  channel: NotifyChannelRow,
  secret: ChannelSecret | null,
  m: NotifyMessage,
  os: OsNotify | undefined,
): Promise<void> {
  if (channel.kind === 'os') {
    if (!os) throw new DeliveryFailure('no system notifications in this process')
    os(subjectOf(m), plainBody(m))
    return
  }
  if (!secret) throw new DeliveryFailure('the keychain holds no address for this channel')
  if (channel.kind === 'slack')
    // No link names, no unfurling: the text is only what the desk wrote, with names defused.
    return postJson(secret.url, { text: chatBody(m), link_names: false, unfurl_links: false, unfurl_media: false })
  if (channel.kind === 'webhook') return postJson(secret.url, webhookBody(m))
  return sendMail(secret.url, channel.recipient ?? '', m)
}

async function sendMail(smtpUrl: string, to: string, m: NotifyMessage): Promise<void> {
  const { security } = checkSmtpUrl(smtpUrl)
  const url = new URL(smtpUrl)
  const user = decodeURIComponent(url.username)
  const transport = nodemailer.createTransport({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : security === 'tls' ? 465 : 587,
    secure: security === 'tls',
    requireTLS: security === 'starttls',
    auth: user ? { user, pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
    logger: false,
  })
  try {
    await transport.sendMail({
      from: user.includes('@') ? user : to,
      to,
      subject: subjectOf(m),
      text: plainBody(m),
    })
  } catch (err) {
    throw new DeliveryFailure(mailFailure(err))
  } finally {
    transport.close()
  }
}
