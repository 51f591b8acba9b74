import type { z } from 'zod'
import { HttpError } from '../http-error'

/** JSON of a console request body; an empty body counts as `{}`. */
export function readConsoleJson(body: Buffer): unknown {
  if (body.length === 0) return {}
  try {
    return JSON.parse(body.toString('utf8'))
  } catch {
    throw new HttpError(400, 'validation_failed', 'The body is not valid JSON.')
  }
}

/** Parses a console body with its schema; a mismatch is a 400 naming the field. */
export function parseConsoleBody<T extends z.ZodType>(body: Buffer, schema: T): z.infer<T> {
  const result = schema.safeParse(readConsoleJson(body))
  if (!result.success) {
    const issue = result.error.issues[0]
    throw new HttpError(
      400,
      'validation_failed',
      `${issue?.path.length ? `${issue.path.join('.')}: ` : ''}${issue?.message ?? 'invalid body'}`,
    )
  }
  return result.data
}
