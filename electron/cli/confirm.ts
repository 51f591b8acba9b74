import type { CliContext } from './cli-context'

/** Asks a yes/no question on a terminal; without a terminal (scripts) the command proceeds as asked. */
export async function confirm(ctx: CliContext, question: string): Promise<boolean> {
  if (!ctx.stdinIsTty) return true
  ctx.err(`${question} [y/N] `)
  const answer = (await ctx.readLine()).trim().toLowerCase()
  return answer === 'y' || answer === 'yes'
}
