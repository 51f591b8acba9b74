import { mkdtemp, rm } from 'node:fs/promises'
import { homedir, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveHome } from '../../../electron/cli/home-dir'
import { runCli } from '../../../electron/cli/run-cli'
import type { CliCommand } from '../../../electron/cli/command'
import { cli } from '../../harness/cli-runner'

// How `payout-desk` answers a person who typed something wrong: a clear message, the usage, exit 2 (1 for a refusal).
let home: string
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'cli-usage-'))
})
afterAll(() => rm(home, { recursive: true, force: true }))

/** runCli with captured output and no terminal, for the global options `cli()` would set itself. */
async function raw(argv: string[], commands?: CliCommand[]) {
  const out: string[] = []
  const err: string[] = []
  const io = {
    out: (t: string) => void out.push(t),
    err: (t: string) => void err.push(t),
    stdinIsTty: false,
    readStdin: async () => '',
    readLine: async () => '',
    readHiddenLine: async () => '',
  }
  const code = await runCli(argv, io, { commands, env: { PAYOUT_DESK_HOME: home } })
  return { code, stdout: out.join('\n'), stderr: err.join('\n') }
}

describe('the command line as a whole', () => {
  it('without a command prints the help and exits 2; asked for help, exits 0', async () => {
    const bare = await raw([])
    expect(bare.code).toBe(2)
    expect(bare.stdout).toMatch(/^Usage: payout-desk \[--home DIR\] <command>/)
    expect(bare.stdout).toMatch(/^ {2}batch +Batch payouts from a CSV file/m)
    for (const ask of ['help', '--help', '-h']) expect(await raw([ask])).toMatchObject({ code: 0, stdout: bare.stdout })
  })

  it('--home takes the next word or =DIR, and is refused without a directory', async () => {
    const other = join(home, 'other')
    expect(
      await raw([
        '--home',
        other,
        'profile',
        'add',
        '--name',
        'A',
        '--env',
        'sandbox',
        '--base-url',
        'http://127.0.0.1:9',
        '--algorithm',
        'hmac',
      ]),
    ).toMatchObject({ code: 0 })
    expect((await raw([`--home=${other}`, 'profile', 'list'])).stdout).toMatch(/ A {2}\[sandbox\]/)
    expect((await raw(['profile', 'list'])).stdout).toMatch(/No profiles yet/)
    const missing = await raw(['profile', 'list', '--home'])
    expect(missing).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^error: --home needs a directory\.\n\nUsage: payout-desk/),
    })
  })

  it('after --, a word like --home is an argument of the command, not a global option', async () => {
    const result = await raw(['profile', 'remove', '--yes', '--', '--home'])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/no profile named "--home"/)
  })

  it('an unexpected failure of a command is shown, as visible text, with exit 1', async () => {
    const failing = (thrown: unknown): CliCommand => ({
      name: 'boom',
      summary: 'fails',
      help: '',
      run: async () => Promise.reject(thrown),
    })
    expect(await raw(['boom'], [failing(new Error('disk on fire\u001b[2J'))])).toMatchObject({
      code: 1,
      stderr: 'error: disk on fire[U+001B][2J',
    })
    expect(await raw(['boom'], [failing('a bare string')])).toMatchObject({ code: 1, stderr: 'error: a bare string' })
  })
})

describe('a command made of actions', () => {
  it('alone prints its actions and exits 2; with help, exits 0; an unknown action is a usage error', async () => {
    const bare = await cli(home, ['batch'])
    expect(bare.code).toBe(2)
    expect(bare.stdout).toMatch(/^Usage: payout-desk batch <action> \[options\]/)
    expect(bare.stdout).toMatch(/batch pause ID --profile N/)
    expect(await cli(home, ['batch', 'help'])).toMatchObject({ code: 0, stdout: bare.stdout })
    const unknown = await cli(home, ['batch', 'frobnicate'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/^error: Unknown action "batch frobnicate"\.\n\nUsage: payout-desk batch <action>/)
  })

  it.each([
    [
      ['profile', 'add', '--name', 'X', '--env', 'sandbox', '--base-url', 'http://127.0.0.1:9', '--algorithm', 'rsa'],
      /--algorithm is ed25519 or hmac\./,
    ],
    [['profile', 'set', 'X', '--agent-write-tools', 'maybe'], /--agent-write-tools is on or off\./],
    [['profile', 'remove'], /"profile remove" expects <name>\./],
    [['profile', 'list', 'extra'], /"profile list" takes no positional arguments\./],
    [['profile', 'list', '--colour'], /Unknown option '--colour'/],
    [['key', 'show', '--profile', '  '], /--profile is required\./],
    [
      ['policy', 'set', '--profile', 'X', '--destinations', 'verified-for:soon'],
      /--destinations verified-for:HOURS takes a number of hours; got "soon"\./,
    ],
    [
      ['policy', 'set', '--profile', 'X', '--destinations', 'verified-for:'],
      /--destinations verified-for:HOURS takes a number of hours; got ""\./,
    ],
    [['demo', '--port', '70000'], /--port must be a port number \(0 picks a free one\)\./],
    [['demo', '--port', 'http'], /--port must be a port number/],
  ])('%j is refused with exit 2 and the usage', async (args, message) => {
    const result = await cli(home, args)
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(message)
    // The usage of the command follows the message.
    expect(result.stderr.split('\n\n')[1]).toContain(args[0])
  })
})

describe('the default data directory', () => {
  it('is --home, else $PAYOUT_DESK_HOME, else where the desktop app keeps its data on this system', () => {
    expect(resolveHome('rel/dir', { PAYOUT_DESK_HOME: '/elsewhere' })).toBe(resolve('rel/dir'))
    expect(resolveHome(undefined, { PAYOUT_DESK_HOME: 'env/dir' })).toBe(resolve('env/dir'))
    expect(resolveHome(undefined, { XDG_CONFIG_HOME: '/xdg' })).toBe('/xdg/payout-desk')
    expect(resolveHome(undefined, {})).toBe(join(homedir(), '.config', 'payout-desk'))
  })

  it.each([
    ['darwin', {}, join(homedir(), 'Library', 'Application Support', 'payout-desk')],
    ['win32', { APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, join('C:\\Users\\u\\AppData\\Roaming', 'payout-desk')],
    ['win32', {}, join(homedir(), 'AppData', 'Roaming', 'payout-desk')],
  ] as const)('on %s (%j)', (platform, env, expected) => {
    const real = Object.getOwnPropertyDescriptor(process, 'platform')!
    Object.defineProperty(process, 'platform', { value: platform })
    try {
      expect(resolveHome(undefined, env)).toBe(expected)
    } finally {
      Object.defineProperty(process, 'platform', real)
    }
  })
})
