import type { ChannelOutput } from '../../shared/ipc/channels'

export type Shell = ChannelOutput<'app.info'>['shell']

/** The `app.info` answer, from the process the core runs in. */
export function appInfo(shell: Shell, version: string): ChannelOutput<'app.info'> {
  const v = process.versions as NodeJS.ProcessVersions & { electron?: string; chrome?: string }
  return {
    name: 'Payout Desk',
    version,
    platform: process.platform,
    arch: process.arch,
    versions: { electron: v.electron, chrome: v.chrome, node: v.node },
    shell,
  }
}
