import type { AuditSink } from '../api/audit-sink'

/**
 * stdout is the MCP protocol, so the connector writes its own lines to stderr; every tool call also
 * goes to the profile's audit log (beside the HTTP attempts it caused) as method `MCP`.
 */
export class ConnectorLog {
  constructor(
    private readonly stderr: NodeJS.WritableStream,
    private readonly audit: AuditSink | null = null,
  ) {}

  info(message: string): void {
    this.stderr.write(`payout-desk connector: ${message}\n`)
  }

  toolCall(
    tool: string,
    outcome: { errorCode: string | null; requestId: string | null; idempotencyKey: string | null },
  ): void {
    this.info(
      `${tool} ${outcome.errorCode ? `failed: ${outcome.errorCode}` : 'ok'}` +
        (outcome.requestId ? ` (X-Request-Id ${outcome.requestId})` : ''),
    )
    this.audit?.record({ at: new Date().toISOString(), method: 'MCP', path: `tool:${tool}`, status: null, ...outcome })
  }
}
