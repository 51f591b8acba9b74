import { quoteInput } from '../../shared/api/text'
import type { ErrorCode } from '../../shared/api/error-codes'
import { DeskError } from '../core/errors'
import type { ScryptCost } from '../core/people/use-cases'
import type { SecretStore } from '../core/vault'
import { CliContext, type ActAs, type CliIo } from './cli-context'
import type { CliCommand } from './command'
import { COMMANDS } from './commands'
import { resolveHome } from './home-dir'
import { terminalIo } from './terminal-output'
import { UsageError } from './usage-error'
import { shown } from '../../shared/text/visible-text'

/** Refusals of who acts carry their code, which scripts test for (`view_only` for every write of a viewer). */
const WHO_ACTS_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'view_only',
  'admin_only',
  'person_required',
  'second_person_required',
  'wrong_passphrase',
  'person_not_found',
])

export interface RunOptions {
  commands?: CliCommand[]
  env?: NodeJS.ProcessEnv
  /** Tests only; the product always uses the OS keychain. */
  secretStore?: () => SecretStore
  /** Tests only: cheaper passphrase hashes; the product always uses SCRYPT_PARAMS. */
  passphraseCost?: ScryptCost
}

/** Runs one `payout-desk` invocation and returns its exit code: 0 success, 1 failure, 2 usage error. */
export async function runCli(argv: string[], terminal: CliIo, options: RunOptions = {}): Promise<number> {
  const io = terminalIo(terminal)
  const commands = options.commands ?? COMMANDS
  const help = mainHelp(commands)
  try {
    const { home, actAs, rest } = takeGlobalOptions(argv, help)
    const [name, ...args] = rest
    if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
      io.out(help)
      return name === undefined ? 2 : 0
    }
    const command = commands.find((c) => c.name === name)
    if (!command) throw new UsageError(`Unknown command ${quoteInput(name)}.`, help)
    const ctx = new CliContext(resolveHome(home, options.env), io, options.secretStore, actAs, options.passphraseCost)
    return await command.run(ctx, args)
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`error: ${shown(err.message)}\n\n${err.usage}`)
      return 2
    }
    if (err instanceof DeskError) {
      const code = WHO_ACTS_CODES.has(err.code) ? ` (${err.code})` : ''
      io.err(`error: ${shown(err.message)}${code}${err.requestId ? ` (request ${shown(err.requestId)})` : ''}`)
      return 1
    }
    io.err(`error: ${shown((err as Error)?.message ?? String(err))}`)
    return 1
  }
}

/** `--home DIR`, `--as NAME` (or `=`) and `--passphrase-stdin` may appear anywhere before a `--`. */
function takeGlobalOptions(argv: string[], help: string): { home: string | undefined; actAs: ActAs; rest: string[] } {
  let home: string | undefined
  const actAs: ActAs = { name: null, passphraseStdin: false }
  const rest: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--') {
      rest.push(...argv.slice(i))
      break
    }
    if (arg === '--home') {
      home = argv[++i]
      if (!home) throw new UsageError('--home needs a directory.', help)
    } else if (arg.startsWith('--home=')) {
      home = arg.slice('--home='.length)
    } else if (arg === '--as' || arg.startsWith('--as=')) {
      actAs.name = (arg === '--as' ? argv[++i] : arg.slice('--as='.length))?.trim() || null
      if (!actAs.name) throw new UsageError('--as needs the name of a person of this desk.', help)
    } else if (arg === '--passphrase-stdin') {
      actAs.passphraseStdin = true
    } else {
      rest.push(arg)
    }
  }
  return { home, actAs, rest }
}

function mainHelp(commands: CliCommand[]): string {
  const width = Math.max(...commands.map((c) => c.name.length))
  return [
    'Usage: payout-desk [--home DIR] <command> [options]',
    '',
    'Admin tool of Payout Desk: profiles, keys in the OS keychain, connection tests.',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Global options:',
    "  --home DIR            data directory (default: $PAYOUT_DESK_HOME, else the desktop app's data folder)",
    '  --as NAME             the person of this desk who acts; once a desk has people, every write needs it',
    '  --passphrase-stdin    read passphrases as lines on stdin (the --as one first) instead of asking',
    "  --version             the app's version and the Node it runs on (answered by bin/payout-desk.js)",
    '',
    '"payout-desk <command> --help" describes a command.',
  ].join('\n')
}
