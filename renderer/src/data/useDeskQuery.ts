import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { ChannelInput, ChannelName, ChannelOutput } from '@shared/ipc/channels'
import { call, type DeskCallError } from '../desk'
import { deskKey } from './desk-keys'

export type DeskQuery<C extends ChannelName> = UseQueryResult<ChannelOutput<C>, DeskCallError>

/**
 * A read of one core channel through the shared cache. `enabled: false` waits (for example until a choice is made);
 * `staleTime` lets a read that only supports another (names beside addresses) reuse a recent answer instead of
 * spending the request budget each time a component showing it mounts.
 */
export function useDeskQuery<C extends ChannelName>(channel: C, input: ChannelInput<C>, options: { enabled?: boolean; staleTime?: number } = {}): DeskQuery<C> {
  return useQuery<ChannelOutput<C>, DeskCallError>({
    queryKey: deskKey(channel, input),
    queryFn: () => call(channel, input),
    enabled: options.enabled ?? true,
    ...(options.staleTime === undefined ? {} : { staleTime: options.staleTime }),
  })
}
