import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../shared/ipc/channels'
import { call, type DeskCallError } from '../desk'
import { deskKey } from './desk-keys'

export type DeskQuery<C extends ChannelName> = UseQueryResult<ChannelOutput<C>, DeskCallError>

/** A read of one core channel through the shared cache. `enabled: false` waits (for example until a choice is made). */
export function useDeskQuery<C extends ChannelName>(channel: C, input: ChannelInput<C>, options: { enabled?: boolean } = {}): DeskQuery<C> {
  return useQuery<ChannelOutput<C>, DeskCallError>({
    queryKey: deskKey(channel, input),
    queryFn: () => call(channel, input),
    enabled: options.enabled ?? true,
  })
}
