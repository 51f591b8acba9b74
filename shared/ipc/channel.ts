import type { z } from 'zod'

export interface ChannelDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I
  output: O
}

/** Keeps the literal channel names while checking each entry's shape. */
export function channels<T extends Record<string, ChannelDef>>(table: T): T {
  return table
}
