import type { Environment } from '../environment'
import type { KeyRecord } from '../types'

/** What an authenticated /api/v1 handler gets: the key's scope and the raw request parts. */
export interface ApiContext {
  env: Environment
  key: KeyRecord
  workspaceId: string
  organisationId: string
  method: string
  pathname: string
  query: URLSearchParams
  body: Buffer
  idempotencyKey: string | null
  now: number
}

export interface ApiResult {
  status: number
  body: { data: unknown; meta: Record<string, unknown> }
  headers?: Record<string, string>
}
