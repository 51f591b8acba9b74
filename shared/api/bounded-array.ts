import { z } from 'zod'

/**
 * An array whose parse ends at the first invalid element. `z.array` records every issue of every
 * element, so a 4 MiB answer of a million `{}` took gigabytes to refuse; this keeps one element's issues.
 */
export function boundedArray<T extends z.ZodType>(item: T) {
  return z.array(z.unknown()).transform((items, ctx): Array<z.output<T>> => {
    const out: Array<z.output<T>> = []
    for (let i = 0; i < items.length; i++) {
      const parsed = item.safeParse(items[i])
      if (!parsed.success) {
        const first = parsed.error.issues[0]
        ctx.addIssue({ code: 'custom', message: first?.message ?? 'invalid', path: [i, ...(first?.path ?? [])] })
        return z.NEVER
      }
      out.push(parsed.data)
    }
    return out
  })
}
