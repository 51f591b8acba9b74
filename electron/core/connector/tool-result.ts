import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { textFlags } from '../../../shared/text/text-flags'
import { toIpcError } from '../errors'
import { SendRefused } from '../payouts/use-cases'
import { PolicyError } from '../policy/use-cases'

/**
 * The API's data as JSON text for the agent to read, and the same object as `structuredContent`. Strings holding
 * bidi, control or look-alike characters are listed in `text_flags` (path, visible form, characters), so an agent
 * that repeats a label to a person can show it as it is; the field is absent when there is none.
 */
export function dataResult(data: Record<string, unknown>): CallToolResult {
  const flags = textFlags(data)
  const structured = flags.length > 0 ? { ...data, text_flags: flags } : data
  return { content: [{ type: 'text', text: JSON.stringify(structured, null, 2) }], structuredContent: structured }
}

/**
 * A tool error the agent can act on: the API error code, its message and the provider's
 * X-Request-Id; a policy outcome adds the rule and what it still allows.
 */
export function errorResult(err: unknown): CallToolResult {
  const e = toIpcError(err)
  const policy =
    err instanceof PolicyError
      ? { rule: err.rule, remaining: err.remaining }
      : err instanceof SendRefused
        ? { rule: err.verdict.rule, remaining: err.verdict.remaining ?? null }
        : {}
  const flags = textFlags({ message: e.message })
  const error = {
    code: e.code,
    message: e.message,
    request_id: e.requestId ?? null,
    ...policy,
    ...(flags.length > 0 ? { text_flags: flags } : {}),
  }
  // No structuredContent: clients check it against the tool's output schema, which describes success.
  return { content: [{ type: 'text', text: JSON.stringify({ error }, null, 2) }], isError: true }
}
