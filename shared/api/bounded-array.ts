import { z } from 'zod'

/**
 * An array whose parse ends at the first invalid element. `z.array` records every issue of every
 * element, so a 4 MiB answer of a million `{}` took gigabytes to refuse; the elements are first
 * checked one by one, stopping at the first that fails. A preprocess, not a transform: the schema
 * still converts to JSON Schema as a plain array (the connector publishes it as a tool's output).
 */
export function boundedArray<T extends z.ZodType>(item: T) {
  return z.preprocess((input, ctx) => {
    if (!Array.isArray(input)) return input
    for (let i = 0; i < input.length; i++) {
      const parsed = item.safeParse(input[i])
      if (parsed.success) continue
      const first = parsed.error.issues[0]
      ctx.addIssue({ code: 'custom', message: first?.message ?? 'invalid', path: [i, ...(first?.path ?? [])] })
      return z.NEVER
    }
    return input
  }, z.array(item))
}
