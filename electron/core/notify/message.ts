import { z } from 'zod'
import { chatLiteral, chatText } from '../../../shared/text/chat-text'
import { shown } from '../../../shared/text/visible-text'

/** A piece of a line: the desk's own words, or someone else's text (a payee's name) kept apart to be defused. */
const SegmentSchema = z.union([z.string(), z.strictObject({ untrusted: z.string() })])
export type Segment = z.infer<typeof SegmentSchema>

export const NOTIFY_MESSAGE_KINDS = ['payout', 'batch', 'reminder', 'escalation', 'digest', 'test'] as const

/** What is said, stored as it will be sent (before each channel's own form), so a retry says the same. */
export const NotifyMessageSchema = z.strictObject({
  kind: z.enum(NOTIFY_MESSAGE_KINDS),
  title: z.string(),
  lines: z.array(z.array(SegmentSchema)),
  payoutIds: z.array(z.string()),
  amounts: z.array(z.strictObject({ asset: z.string(), amount: z.string() })),
  environment: z.enum(['sandbox', 'production']),
})
export type NotifyMessage = z.infer<typeof NotifyMessageSchema>
export type NotifyMessageKind = NotifyMessage['kind']

/** Someone else's text in a line. */
export const untrustedPart = (value: string): Segment => ({ untrusted: value })

/** The message as plain text (email, the OS notification): every untrusted part shown safely, no markup at all. */
export function plainBody(m: NotifyMessage): string {
  return m.lines.map((line) => line.map((s) => (typeof s === 'string' ? s : shown(s.untrusted))).join('')).join('\n')
}

/** The message as a chat text (Slack, a generic webhook): untrusted parts defused, the desk's words entity-escaped. */
export function chatBody(m: NotifyMessage): string {
  const title = `*${chatLiteral(m.title)}*`
  const body = m.lines.map((line) =>
    line.map((s) => (typeof s === 'string' ? chatLiteral(s) : chatText(s.untrusted))).join(''),
  )
  return [title, ...body].join('\n')
}

/** The subject line of an email: the desk's own words only. */
export function subjectOf(m: NotifyMessage): string {
  return `[${m.environment === 'production' ? 'PRODUCTION' : 'sandbox'}] ${m.title}`
}
