import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { toIpcError } from '../errors'
import type { ConnectorLog } from './connector-log'
import { dataResult, errorResult } from './tool-result'

/**
 * Runs one tool call: its answer becomes the tool result, anything thrown a tool error, so the
 * server keeps serving. Each call is logged to stderr and the audit log.
 */
export async function runTool(
  log: ConnectorLog,
  tool: string,
  idempotencyKey: string | null,
  work: () => Promise<Record<string, unknown>>,
): Promise<CallToolResult> {
  try {
    const structured = await work()
    log.toolCall(tool, { errorCode: null, requestId: null, idempotencyKey })
    return dataResult(structured)
  } catch (err) {
    const e = toIpcError(err)
    log.toolCall(tool, { errorCode: e.code, requestId: e.requestId ?? null, idempotencyKey })
    return errorResult(err)
  }
}
