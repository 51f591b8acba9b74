import type { notifyChannels } from '../../../shared/ipc/channels/notify'
import type { HandlersFor } from '../ipc/router'
import type { SessionSource } from '../ipc/session-source'
import type { Profile } from '../profiles/profile'
import type { DeskStore } from '../store'
import type { SecretStore } from '../vault'
import {
  addChannel,
  listChannels,
  notifySettings,
  removeChannel,
  setNotifySettings,
  testChannels,
  type OsNotify,
} from './use-cases'

/** What these handlers use of the open profile's session. */
type NotifySession = { store: DeskStore; profile: Profile }

export interface NotifyHandlerPorts {
  host: SessionSource<NotifySession>
  secretStore: SecretStore
  /** Who acts (the person at the desk): the audit rows name them. */
  actor: () => string
  /** The app's system notification, for a test of the OS channel. */
  notify?: OsNotify
}

/** The Notifications section: channels and settings of the open profile. */
export function notifyHandlers(ports: NotifyHandlerPorts): HandlersFor<typeof notifyChannels> {
  const place = async () => {
    const { store, profile } = await ports.host.session()
    return { store, profile, secretStore: ports.secretStore }
  }
  return {
    'notify.list': async () => {
      const { store } = await place()
      return { channels: listChannels(store), settings: notifySettings(store) }
    },
    'notify.add': async ({ target, name, escalation }) => ({
      channel: await addChannel(await place(), { target, name, escalation, by: ports.actor() }),
    }),
    'notify.remove': async ({ name }) => {
      await removeChannel(await place(), name, ports.actor())
      return {}
    },
    'notify.test': async ({ name }) => ({
      results: await testChannels(await place(), { name, os: ports.notify, by: ports.actor() }),
    }),
    'notify.set': async (change) => ({
      settings: setNotifySettings((await place()).store, change, ports.actor()),
    }),
  }
}
