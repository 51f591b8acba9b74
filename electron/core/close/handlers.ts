import type { closeChannels } from '../../../shared/ipc/channels/close'
import { profileLedger, walletAccessOf } from '../history/use-cases'
import type { HandlersFor } from '../ipc/router'
import type { SessionSource } from '../ipc/session-source'
import type { Profile } from '../profiles/profile'
import type { DeskStore } from '../store'
import { periodLegsOf } from './late-movements'
import {
  importAccountMap,
  listCloses,
  lockClose,
  prepareClose,
  reopenClose,
  writePackFolder,
  type CloseOptions,
} from './use-cases'

/** What these handlers use of the open profile's session. */
type CloseSession = Parameters<typeof walletAccessOf>[0] & {
  store: DeskStore
  profile: Pick<Profile, 'name' | 'baseUrl' | 'keyId'>
}

export interface CloseHandlerDeps {
  host: SessionSource<CloseSession>
  /** The act guard for the person at the desk (a viewer, a view-only profile refused): who the audit row names. */
  acting: (store: DeskStore) => Promise<{ by: string }>
  /** The shell's save dialog, here naming the pack's folder; null when the person cancels it. */
  chooseSavePath?: (suggestedName: string) => Promise<string | null>
}

/** What preparing and locking a month read: the period asked, the profile's wallets, ledger and late movements. */
function closeOptions(session: CloseSession, period: Pick<CloseOptions, 'period' | 'timeZone' | 'fiat'>): CloseOptions {
  return {
    ...period,
    wallets: walletAccessOf(session),
    profile: session.profile.name,
    late: { ledger: profileLedger(session.store, session.profile), read: periodLegsOf(session.client) },
  }
}

/**
 * The Close screen: what stands in the way of closing a month, locking and reopening it, the closes, and the account
 * mapping's import.
 */
export function closeHandlers({ host, acting, chooseSavePath }: CloseHandlerDeps): HandlersFor<typeof closeChannels> {
  return {
    'close.prepare': async ({ period, timeZone, fiat }) => {
      const session = await host.session()
      return prepareClose(session.store, closeOptions(session, { period, timeZone, fiat }))
    },
    'close.list': async () => listCloses((await host.session()).store),
    'close.lock': async ({ period, timeZone, fiat, costBasis, acceptNote }) => {
      const session = await host.session()
      const { by } = await acting(session.store)
      const folder = chooseSavePath ? await chooseSavePath(`close-${period}`) : null
      if (folder === null) return { period, folder: null, files: 0 }
      const pack = await lockClose(session.store, {
        ...closeOptions(session, { period, timeZone, fiat }),
        by,
        costBasis,
        acceptDifferences: acceptNote ? { note: acceptNote } : undefined,
      })
      await writePackFolder(folder, pack.files)
      return { period, folder, files: pack.files.length }
    },
    'close.importMap': async ({ text }) => {
      const session = await host.session()
      const { by } = await acting(session.store)
      return importAccountMap(session.store, text, by)
    },
    'close.reopen': async ({ period, reason }) => {
      const session = await host.session()
      const { by } = await acting(session.store)
      return { period, replaces: reopenClose(session.store, period, reason, by).replaces.manifestSha256 }
    },
  }
}
