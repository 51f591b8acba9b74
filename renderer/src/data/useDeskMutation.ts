import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query'
import type { ChannelInput, ChannelOutput } from '@shared/ipc/channels'
import { asDeskError, type DeskCallError } from '../desk'
import { callPresent } from './lock'
import { callWithSecond } from './second-person'
import type { WriteChannel } from './read-channels'
import { staleAfterWrite } from './write-stales'

export type DeskMutation<C extends WriteChannel> = UseMutationResult<ChannelOutput<C>, DeskCallError, ChannelInput<C>>

/** What useDeskMutation hands TanStack: the typed bridge call, and the reads to mark old once it answered. */
export function deskMutationOptions<C extends WriteChannel>(
  client: QueryClient,
  channel: C,
): UseMutationOptions<ChannelOutput<C>, DeskCallError, ChannelInput<C>> {
  return {
    mutationKey: [channel],
    // A production write may ask for the person's passphrase again first (lock.ts).
    // A loosening or lifting view-only may ask a second person at this seat (second-person.ts).
    mutationFn: (input) =>
      callWithSecond(channel, input, (i) => callPresent(channel, i)).catch((err: unknown) =>
        Promise.reject(asDeskError(err)),
      ),
    // Settled, not succeeded: a write that failed half-way (a timeout) may have changed what it touches all the same.
    // Not awaited: the form that wrote moves on with the answer while the payout list, page by page, is read again.
    onSettled: () => void staleAfterWrite(client, channel),
  }
}

/**
 * A write (or a check run on demand) through one core channel: fails with a DeskCallError (a code of the error
 * table), and once it answered marks old the reads no core event covers (write-stales.ts).
 */
export function useDeskMutation<C extends WriteChannel>(channel: C): DeskMutation<C> {
  const client = useQueryClient()
  return useMutation(deskMutationOptions(client, channel))
}
