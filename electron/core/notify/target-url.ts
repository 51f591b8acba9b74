import { isLoopbackHost } from '../../../shared/api/base-url'
import { isEncodable, NOT_ENCODABLE } from '../../../shared/api/text'
import { DeskError } from '../errors'

const PLAIN_ONLY_HERE = 'is allowed only on this machine (127.0.0.1, ::1 or localhost), as for base URLs'

function parsed(raw: string, what: string): URL {
  if (!isEncodable(raw)) throw new DeskError('invalid_input', `The ${what} ${NOT_ENCODABLE}.`)
  try {
    return new URL(raw.trim())
  } catch {
    // Never echo the text: a webhook URL is a secret.
    throw new DeskError('invalid_input', `The ${what} is not a valid URL.`)
  }
}

/**
 * A Slack or generic webhook URL: https anywhere, plain http only on loopback (the base URL's rule), no user name or
 * password in it. The URL itself is a secret (whoever has it may post), so no message quotes it.
 */
export function checkWebhookUrl(raw: string, what = 'webhook URL'): string {
  const url = parsed(raw, what)
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new DeskError('invalid_input', `The ${what} must start with https://.`)
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    throw new DeskError('invalid_input', `Plain http:// for the ${what} ${PLAIN_ONLY_HERE}; use https://.`)
  if (url.username || url.password)
    throw new DeskError('invalid_input', `The ${what} must not contain a user name or password.`)
  return url.href
}

/** How the mail goes: TLS from the start (smtps), STARTTLS required (smtp), or plain only on this machine. */
export type SmtpSecurity = 'tls' | 'starttls' | 'plain-local'

/** An SMTP URL (smtps://user:password@host:465 or smtp://user:password@host:587); its password is a secret. */
export function checkSmtpUrl(raw: string): { url: string; security: SmtpSecurity } {
  const url = parsed(raw, 'SMTP URL')
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new DeskError('invalid_input', 'The SMTP URL must start with smtps:// (TLS) or smtp:// (STARTTLS).')
  if (!url.hostname) throw new DeskError('invalid_input', 'The SMTP URL names no host.')
  if (url.pathname.replace(/\/+$/, '') || url.search || url.hash)
    throw new DeskError('invalid_input', 'The SMTP URL is only smtp(s)://user:password@host:port.')
  const security: SmtpSecurity =
    url.protocol === 'smtps:' ? 'tls' : isLoopbackHost(url.hostname) ? 'plain-local' : 'starttls'
  return { url: url.href, security }
}

/** An email address as a recipient; deliberately loose (the SMTP server is the judge), but one address only. */
export function checkEmailAddress(raw: string): string {
  const address = raw.trim()
  if (!/^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$|^[^\s@<>,;"]+@localhost$/.test(address) || address.length > 254)
    throw new DeskError('invalid_input', 'The email address must be one address such as approvals@example.com.')
  return address
}
