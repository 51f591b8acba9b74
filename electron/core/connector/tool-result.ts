import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { toIpcError } from '../errors'
import { PolicyError } from '../policy'

/** The API's data as JSON text for the agent to read, and the same object as `structuredContent`. */
export function dataResult(structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(structured, null, 2) }], structuredContent: structured }
}

/**
 * A tool error the agent can act on: the API error code, its message and the provider's
 * X-Request-Id; a policy outcome adds the rule and what it still allows.
 */
export function errorResult(err: unknown): CallToolResult {
  const e = toIpcError(err)
  const policy = err instanceof PolicyError ? { rule: err.rule, remaining: err.remaining } : {}
  const error = { code: e.code, message: e.message, request_id: e.requestId ?? null, ...policy }
  // No structuredContent: clients check it against the tool's output schema, which describes success.
  return { content: [{ type: 'text', text: JSON.stringify({ error }, null, 2) }], isError: true }
}
