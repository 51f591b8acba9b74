import { runCli } from '../../electron/cli/run-cli'

export interface CliRun {
  code: number
  stdout: string
  stderr: string
}

/** Runs `payout-desk` in-process with captured output and the given stdin (never a terminal). */
export async function cli(home: string, args: string[], stdin = ''): Promise<CliRun> {
  let stdout = ''
  let stderr = ''
  const code = await runCli(['--home', home, ...args], {
    out: (t) => void (stdout += `${t}\n`),
    err: (t) => void (stderr += `${t}\n`),
    stdinIsTty: false,
    readStdin: async () => stdin,
    readLine: async () => '',
    readHiddenLine: async () => '',
  })
  return { code, stdout, stderr }
}
