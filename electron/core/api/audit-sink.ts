// What the request pipeline records of each attempt, and where; the audit log is one such sink.

/** One HTTP attempt (or tool call) as the audit log keeps it. Never a signature, a key or a body. */
export interface AuditLine {
  at: string
  method: string
  path: string
  status: number | null
  errorCode: string | null
  requestId: string | null
  idempotencyKey: string | null
}

export interface AuditSink {
  record(line: AuditLine): void
}

/** The query's `_request_id` is noise for a reader and differs per attempt, so the log leaves it out. */
export function auditPath(pathWithQuery: string): string {
  const q = pathWithQuery.indexOf('?')
  if (q < 0) return pathWithQuery
  const params = new URLSearchParams(pathWithQuery.slice(q + 1))
  params.delete('_request_id')
  const rest = params.toString()
  return rest ? `${pathWithQuery.slice(0, q)}?${rest}` : pathWithQuery.slice(0, q)
}
