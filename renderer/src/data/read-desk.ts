import type { ChannelInput, ChannelOutput } from '@shared/ipc/channels'
import { call } from '../desk'
import type { ReadChannel } from './read-channels'

/**
 * One read outside useDeskQuery, for an infinite query's pages and reads asked on demand (a job's progress): reads
 * only, so a write cannot slip past useDeskMutation through it.
 */
export function readDesk<C extends ReadChannel>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  return call(channel, input)
}
