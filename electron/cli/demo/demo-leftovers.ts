import { appendFileSync } from 'node:fs'
import { lstat, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pidAlive } from '../../core/store'
import type { SecretStore } from '../../core/vault'

const PREFIX = 'payout-desk-demo-'
const OWNED = /^payout-desk-demo-(\d+)-[^/]+$/
const ACCOUNTS_FILE = 'keychain-accounts'

/** A fresh data folder named after this process, so a later run can tell when its owner is gone. */
export function createDemoDataDir(parent = tmpdir()): Promise<string> {
  return mkdtemp(join(parent, `${PREFIX}${process.pid}-`))
}

/** Noted before the keychain entry is written, so a demo killed before its cleanup (kill -9) still names it. */
export function noteKeychainAccount(dataDir: string, account: string): void {
  appendFileSync(join(dataDir, ACCOUNTS_FILE), `${account}\n`, { mode: 0o600 })
}

/**
 * Removes the data folders of demos whose process is gone, and the keychain entries each one names.
 * A folder naming entries is kept when there is no keychain to remove them from (`keychain` null), so a
 * later run can. Only this user's folders are looked at; a live demo's never.
 */
export async function removeStaleDemos(
  keychain: SecretStore | null,
  parent = tmpdir(),
): Promise<{ removed: string[]; kept: string[] }> {
  const removed: string[] = []
  const kept: string[] = []
  for (const name of await readdir(parent)) {
    const pid = Number(OWNED.exec(name)?.[1] ?? NaN)
    if (!Number.isSafeInteger(pid) || pid === process.pid || pidAlive(pid)) continue
    const dir = join(parent, name)
    const info = await lstat(dir).catch(() => null)
    if (!info?.isDirectory() || info.uid !== process.getuid?.()) continue
    const accounts = (await readFile(join(dir, ACCOUNTS_FILE), 'utf8').catch(() => '')).split('\n').filter(Boolean)
    if (accounts.length > 0 && !keychain) {
      kept.push(dir)
      continue
    }
    let forgotten = true
    for (const account of accounts)
      forgotten =
        (await keychain!.delete(account).then(
          () => true,
          () => false,
        )) && forgotten
    if (!forgotten) {
      kept.push(dir)
      continue
    }
    await rm(dir, { recursive: true, force: true })
    removed.push(dir)
  }
  return { removed, kept }
}
