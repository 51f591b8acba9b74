import type { HandlerTable } from '../ipc/router'
import type { ProfileStore } from '../profiles'
import { homeHandlers } from './home-handlers'

/** The home feature's IPC doors: every profile at a glance. */
export const homeDoors = (ports: { dataDir: string; profiles: ProfileStore }): HandlerTable =>
  homeHandlers(ports.dataDir, ports.profiles)
