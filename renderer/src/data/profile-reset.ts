import type { QueryClient } from '@tanstack/react-query'

/**
 * Empties the cache the moment the selected profile changes (before screens re-render), so no answer of one
 * workspace is ever shown under another. `watch` calls back with the selected profile id on every change of the
 * profile store; returns the unsubscribe.
 */
export function resetOnProfileSwitch(client: QueryClient, watch: (listener: (profileId: string | null) => void) => () => void): () => void {
  let last: string | null | undefined
  return watch((profileId) => {
    if (last !== undefined && profileId !== last) client.clear()
    last = profileId
  })
}
