import { findNetwork } from '@shared/api/networks'

/** A network as people read it ("Polygon Amoy"), its id only when the app does not know it. */
export function networkName(id: string): string {
  return findNetwork(id)?.name ?? id
}
