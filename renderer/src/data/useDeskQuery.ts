import { useQuery, type QueryObserverOptions, type UseQueryResult } from '@tanstack/react-query'
import type { ChannelInput, ChannelOutput } from '@shared/ipc/channels'
import { call, type DeskCallError } from '../desk'
import { deskKey } from './desk-keys'
import type { ReadChannel } from './read-channels'

export type DeskQuery<C extends ReadChannel> = UseQueryResult<ChannelOutput<C>, DeskCallError>

interface Options {
  enabled?: boolean
  staleTime?: number
  refetchInterval?: number
}

/**
 * A read of one core channel through the shared cache. `enabled: false` waits (for example until a choice is made);
 * `staleTime` lets a read that only supports another (names beside addresses) reuse a recent answer instead of
 * spending the request budget each time a component showing it mounts; `refetchInterval` is only for what no core
 * event announces: what changes with time alone (the request budget refilling), or a store read another process
 * writes (the agent's stop switch).
 */
export function useDeskQuery<C extends ReadChannel>(
  channel: C,
  input: ChannelInput<C>,
  options: Options = {},
): DeskQuery<C> {
  return useQuery<ChannelOutput<C>, DeskCallError>(deskQueryOptions(channel, input, options))
}

/** What useDeskQuery hands TanStack: the cache key and the typed bridge read. */
export function deskQueryOptions<C extends ReadChannel>(
  channel: C,
  input: ChannelInput<C>,
  options: Options = {},
): QueryObserverOptions<ChannelOutput<C>, DeskCallError> {
  return {
    queryKey: deskKey(channel, input),
    queryFn: () => call(channel, input),
    enabled: options.enabled ?? true,
    ...(options.staleTime === undefined ? {} : { staleTime: options.staleTime }),
    ...(options.refetchInterval === undefined ? {} : { refetchInterval: options.refetchInterval }),
  }
}
