import type { QueryClient } from '@tanstack/react-query'
import type { ReadChannel } from './read-channels'

/**
 * Empties the cache the moment the selected profile changes (before screens re-render), so no answer of one
 * workspace is ever shown under another; the reads of the profiles themselves (`keep`) stay, since they name the
 * switch. `watch` calls back with the selected profile id on every change; returns the unsubscribe.
 */
export function resetOnProfileSwitch(
  client: QueryClient,
  watch: (listener: (profileId: string | null) => void) => () => void,
  keep: readonly ReadChannel[] = [],
): () => void {
  let last: string | null | undefined
  return watch((profileId) => {
    const before = last
    // Set first: removing queries is itself a change the watch may report.
    last = profileId
    if (before !== undefined && profileId !== before)
      client.removeQueries({ predicate: (q) => !keep.includes(q.queryKey[0] as ReadChannel) })
  })
}
