import { runCli } from '../../electron/cli/run-cli'

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
  const code = await runCli(['--home', home, ...args], {
    out: (t) => void (stdout += `${t}\n`),
    err: (t) => void (stderr += `${t}\n`),
    stdinIsTty: typed !== undefined,
    readStdin: async () => stdin,
    readLine: async () => lines.shift() ?? '',
    readHiddenLine: async () => '',
  })
  return { code, stdout, stderr }
}
