import { runCli } from '../../electron/cli/run-cli'

/**
 * The passphrase hashes CLI tests make: 2^10 where the product uses 2^15 (SCRYPT_PARAMS), a thirty-second of the
 * CPU. test/unit/people/people.test.ts keeps the product's cost.
 */
const TEST_PASSPHRASE_COST = { N: 2 ** 10, r: 8, p: 1 }

export interface CliRun {
  code: number
  stdout: string
  stderr: string
}

/**
 * Runs `payout-desk` in-process with captured output and the given stdin. Without `typed` stdin is no terminal;
 * with it, stdin is a terminal on which a person types those lines, one per question.
 */
export async function cli(home: string, args: string[], stdin = '', typed?: readonly string[]): Promise<CliRun> {
  let stdout = ''
  let stderr = ''
  const lines = [...(typed ?? [])]
  const code = await runCli(
    ['--home', home, ...args],
    {
      out: (t) => void (stdout += `${t}\n`),
      err: (t) => void (stderr += `${t}\n`),
      stdinIsTty: typed !== undefined,
      readStdin: async () => stdin,
      readLine: async () => lines.shift() ?? '',
      readHiddenLine: async () => '',
    },
    { passphraseCost: TEST_PASSPHRASE_COST },
  )
  return { code, stdout, stderr }
}

/** The public key `key generate` prints on its own indented line. */
export const publicKeyOf = (stdout: string): string | undefined => /^\s+([A-Za-z0-9+/]{43}=)$/m.exec(stdout)?.[1]

/**
 * What most CLI tests start from: a profile on `baseUrl` in the data directory `home` whose new key is registered
 * (`register` returns the Key ID the provider gave it). Each step must succeed; the first that fails says why.
 */
export async function cliProfile(
  home: string,
  baseUrl: string,
  register: (publicKey: string) => Promise<string>,
  { name = 'Sim', env = 'sandbox' }: { name?: string; env?: 'sandbox' | 'production' } = {},
): Promise<{ keyId: string; publicKey: string }> {
  const step = async (args: string[]) => {
    const r = await cli(home, args)
    if (r.code !== 0) throw new Error(`payout-desk ${args.join(' ')} exited ${r.code}: ${r.stderr}`)
    return r.stdout
  }
  await step(['profile', 'add', '--name', name, '--env', env, '--base-url', baseUrl])
  const publicKey = publicKeyOf(await step(['key', 'generate', '--profile', name]))
  if (!publicKey) throw new Error('key generate printed no public key')
  const keyId = await register(publicKey)
  await step(['key', 'set-id', '--profile', name, '--key-id', keyId])
  return { keyId, publicKey }
}
