import type { z } from 'zod'
import { badRequest } from '../http-error'

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isUuid(text: string): boolean {
  return UUID_PATTERN.test(text)
}

/** Query parameters as a plain record; unknown or repeated names and a malformed `_request_id` are refused. */
export function parseQuery(query: URLSearchParams, allowed: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of query) {
    if (name !== '_request_id' && !allowed.includes(name)) throw badRequest(`Unknown query parameter ${name}.`)
    if (name in out) throw badRequest(`Query parameter ${name} is repeated.`)
    out[name] = value
  }
  if (out._request_id !== undefined && !isUuid(out._request_id)) throw badRequest('_request_id must be a UUID.')
  return out
}

export function intParam(value: string | undefined, name: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback
  if (!/^(0|[1-9][0-9]{0,6})$/.test(value)) throw badRequest(`${name} must be an integer from ${min} to ${max}.`)
  const n = Number(value)
  if (n < min || n > max) throw badRequest(`${name} must be an integer from ${min} to ${max}.`)
  return n
}

export function stringParam(value: string | undefined, name: string, max: number): string | undefined {
  if (value === undefined) return undefined
  if (value.length < 1 || value.length > max) throw badRequest(`${name} must be 1 to ${max} characters.`)
  return value
}

export function dateParam(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) ? Date.parse(value) : NaN
  if (Number.isNaN(ms)) throw badRequest(`${name} must be an ISO 8601 date-time.`)
  return ms
}

/** Parses a JSON body with a strict schema; any problem is a 400 validation_failed naming the field. */
export function parseBody<T extends z.ZodType>(body: Buffer, schema: T): z.infer<T> {
  let json: unknown
  try {
    json = JSON.parse(body.toString('utf8'))
  } catch {
    throw badRequest('The body is not valid JSON.')
  }
  const result = schema.safeParse(json)
  if (!result.success) {
    const issue = result.error.issues[0]
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
    throw badRequest(`${where}${issue?.message ?? 'invalid body'}`)
  }
  return result.data
}

/** For endpoints without a body: nothing, or an empty JSON object. */
export function requireNoBody(body: Buffer): void {
  if (body.length === 0) return
  if (body.toString('utf8').trim() !== '{}') throw badRequest('This endpoint takes no body.')
}
