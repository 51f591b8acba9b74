import { parseArgs, type ParseArgsConfig } from 'node:util'
import { quoteInput } from '../../shared/api/text'
import type { CliContext } from './cli-context'
import { UsageError } from './usage-error'

/** A top-level command (`profile`, `key`, `test`, ...). `run` returns the exit code. */
export interface CliCommand {
  name: string
  summary: string
  help: string
  run(ctx: CliContext, args: string[]): Promise<number>
}

type Options = NonNullable<ParseArgsConfig['options']>
export type Values = Record<string, string | boolean | string[] | undefined>

/** One action with its own options, e.g. `profile add`. */
export interface Action {
  /** Words after the program name, e.g. `profile add`. */
  name: string
  summary: string
  usage: string
  options?: Options
  required?: string[]
  /** Names of the positional arguments, all required but those written `[NAME]` (last). */
  positionals?: string[]
  run(ctx: CliContext, values: Values, positionals: string[]): Promise<number>
}

/** Parses an action's arguments strictly; `--help` prints its usage. */
export async function runAction(action: Action, ctx: CliContext, args: string[]): Promise<number> {
  let parsed: { values: Values; positionals: string[] }
  try {
    parsed = parseArgs({
      args,
      options: { ...action.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    }) as typeof parsed
  } catch (err) {
    throw new UsageError((err as Error).message.split('\n')[0] ?? 'invalid arguments', actionHelp(action))
  }
  if (parsed.values.help) {
    ctx.out(actionHelp(action))
    return 0
  }
  for (const name of action.required ?? []) {
    const value = parsed.values[name]
    if (typeof value !== 'string' || value.trim() === '')
      throw new UsageError(`--${name} is required.`, actionHelp(action))
  }
  const wanted = action.positionals ?? []
  const needed = wanted.filter((p) => !p.startsWith('[')).length
  if (parsed.positionals.length < needed || parsed.positionals.length > wanted.length) {
    const what = wanted.length
      ? `expects ${wanted.map((p) => (p.startsWith('[') ? p : `<${p}>`)).join(' ')}`
      : 'takes no positional arguments'
    throw new UsageError(`"${action.name}" ${what}.`, actionHelp(action))
  }
  return action.run(ctx, parsed.values, parsed.positionals)
}

export function actionHelp(action: Action): string {
  return `Usage: payout-desk ${action.usage}\n\n${action.summary}`
}

/** A command made of actions: `profile add`, `profile list`, ... */
export function commandGroup(name: string, summary: string, actions: Action[]): CliCommand {
  const help = [
    `Usage: payout-desk ${name} <action> [options]`,
    '',
    summary,
    '',
    'Actions:',
    ...actions.map((a) => `  ${a.usage}\n      ${a.summary}`),
    '',
    `"payout-desk ${name} <action> --help" describes one action.`,
  ].join('\n')
  return {
    name,
    summary,
    help,
    async run(ctx, args) {
      const [word, ...rest] = args
      if (word === undefined || word === '--help' || word === '-h' || word === 'help') {
        ctx.out(help)
        return word === undefined ? 2 : 0
      }
      const action = actions.find((a) => a.name === `${name} ${word}`)
      if (!action) throw new UsageError(`Unknown action ${quoteInput(`${name} ${word}`)}.`, help)
      return runAction(action, ctx, rest)
    },
  }
}

/** A command that is a single action, like `test`. */
export function singleCommand(action: Action): CliCommand {
  return {
    name: action.name,
    summary: action.summary,
    help: actionHelp(action),
    run: (ctx, args) => runAction(action, ctx, args),
  }
}
