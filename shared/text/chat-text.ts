import { shown } from './visible-text'
import type { UntrustedText } from './untrusted-text'

/**
 * Someone else's text (a payee's name, a reference) as a chat message may carry it (Slack, a generic webhook a Teams
 * workflow or a chat bridge reads): shown first (nothing hides or reorders), then `&`, `<` and `>` written as the
 * entities Slack reads back as text, so `<!channel>`, `<https://x|y>` and `<@U1>` are never a mention or a link; then
 * set in a code span, where `@here`, `*bold*`, `_it_` and bare links are not formatted (a backtick becomes `'`, so
 * it cannot end the span).
 */
export function chatText(value: string | UntrustedText): string {
  return `\`${chatLiteral(shown(value)).replaceAll('`', "'") || ' '}\``
}

/** The desk's own text in a chat message: only Slack's three control characters written as entities. */
export function chatLiteral(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}
