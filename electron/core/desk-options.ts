import type { PacerOptions } from './api/pacer'
import type { Shell } from './app-info'
import type { RouterLog } from './ipc/router'
import type { EmbeddedSimulator } from './keys/use-cases'
import type { Notify } from './payouts/use-cases'
import type { SessionDeps } from './session'
import type { ShellClipboard } from './shell/copy-address'
import type { SecretStore } from './vault'

/** What a shell (Electron, the demo, a test) gives createDesk: the data folder and the services only it has. */
export interface DeskOptions {
  /** The app's data directory: Electron's userData, `--home`, or a test's temp dir. */
  dataDir: string
  shell: Shell
  version: string
  /**
   * The key's request budget; benches against a simulator without a limit raise it. The provider's 120 a minute
   * otherwise.
   */
  pacing?: Pick<PacerOptions, 'limit' | 'windowSeconds'>
  /** Also told of every failure the data folder's log file keeps (the Electron shell: stderr). */
  log?: RouterLog
  /** The keychain; tests may inject a failing store. The product always uses the OS keychain. */
  secretStore?: SecretStore
  /** Starts (or returns) the embedded simulator; injected by the shell. */
  embeddedSimulator?: EmbeddedSimulator
  /** Opens a URL in the system browser; injected by the shell, which guards the URL. */
  openExternal?: (url: string) => Promise<void>
  /** Desktop notification for payout status changes; injected by the Electron shell. */
  notify?: Notify
  /** Save dialog for CSV exports (null when cancelled); injected by the shell. */
  chooseSavePath?: (suggestedName: string) => Promise<string | null>
  /** The window as a PDF (a payout's receipt on screen); injected by the Electron shell. */
  printPage?: () => Promise<Uint8Array>
  /** Hides the window from screen capture (or shows it again); injected by the Electron shell. */
  applyContentProtection?: (enabled: boolean) => void
  /**
   * The system clipboard: addresses the app copies are written and watched for a swap; injected by the Electron shell.
   */
  clipboard?: ShellClipboard
  /** Keeps the open profile's history ledger synced in the background (the app and the demo; tests ask for it). */
  historyInBackground?: boolean
  /** The sessions' clock (outbox times, hold expiry, wait reminders); tests move it, the app uses the real one. */
  now?: () => Date
  /** How soon requests are retried and payouts followed; tests shorten them to wait less real time. */
  tempo?: Pick<SessionDeps, 'poller' | 'batchFollow' | 'sender' | 'followPerMinute'>
}
