import type { closeChannels } from '../../../shared/ipc/channels/close'
import { profileLedger, walletAccessOf } from '../history/use-cases'
import type { HandlersFor } from '../ipc/router'
import type { SessionSource } from '../ipc/session-source'
import type { Profile } from '../profiles/profile'
import type { DeskStore } from '../store'
import { listCloses, prepareClose } from './use-cases'

/** What these handlers use of the open profile's session. */
type CloseSession = Parameters<typeof walletAccessOf>[0] & { store: DeskStore; profile: Profile }

/** The Close screen's reads: what stands in the way of closing a month (the provider read fresh), and the closes. */
export function closeHandlers({ host }: { host: SessionSource<CloseSession> }): HandlersFor<typeof closeChannels> {
  return {
    'close.prepare': async ({ period, timeZone, fiat }) => {
      const session = await host.session()
      profileLedger(session.store, session.profile)
      return prepareClose(session.store, {
        period,
        timeZone,
        fiat,
        wallets: walletAccessOf(session),
        profile: session.profile.name,
      })
    },
    'close.list': async () => listCloses((await host.session()).store),
  }
}
