import type { z } from 'zod'

/**
 * Rows the CLI prints, parsed by their view schema (the one the IPC answers with): someone else's text arrives as
 * UntrustedText, so it reaches the terminal only through the formatter (`printTable`, `shown`, `shownLine`), and
 * `ctx.out(row.label)`, `ctx.out(row.label.trim())` or `ctx.out(String(row.note))` do not compile.
 */
export function cliRows<S extends z.ZodType>(schema: S, rows: z.input<S>): z.output<S> {
  return schema.parse(rows)
}
