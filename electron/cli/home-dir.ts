import { homedir } from 'node:os'
import { join, resolve } from 'node:path'

/**
 * The data directory: `--home`, else `PAYOUT_DESK_HOME`, else the folder Electron uses as userData
 * for this app, so the CLI and the desktop app share profiles by default.
 */
export function resolveHome(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (flag) return resolve(flag)
  if (env.PAYOUT_DESK_HOME) return resolve(env.PAYOUT_DESK_HOME)
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'payout-desk')
  if (process.platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'payout-desk')
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'payout-desk')
}
