import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query'
import type { ChannelInput, ChannelOutput } from '@shared/ipc/channels'
import { asDeskError, call, type DeskCallError } from '../desk'
import type { WriteChannel } from './read-channels'
import { staleAfterWrite } from './write-stales'

export type DeskMutation<C extends WriteChannel> = UseMutationResult<ChannelOutput<C>, DeskCallError, ChannelInput<C>>

/**
 * A write (or a check run on demand) through one core channel: fails with a DeskCallError, and once it answered
 * marks old the reads no core event covers (write-stales.ts) before `mutateAsync` settles.
 */
export function useDeskMutation<C extends WriteChannel>(channel: C): DeskMutation<C> {
  const client = useQueryClient()
  return useMutation<ChannelOutput<C>, DeskCallError, ChannelInput<C>>({
    mutationKey: [channel],
    mutationFn: (input) => call(channel, input).catch((err: unknown) => Promise.reject(asDeskError(err))),
    // Settled, not succeeded: a write that failed half-way (a timeout) may have changed what it touches all the same.
    onSettled: () => staleAfterWrite(client, channel),
  })
}
