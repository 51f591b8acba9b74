import type { ChannelInput, ChannelOutput } from '@shared/ipc/channels'
import { call } from '../desk'
import type { ReadChannel } from './read-channels'

/**
 * One read outside useDeskQuery, for the lists read page by page as the user scrolls (an infinite query's pages, the
 * ledger's rows): reads only, so a write cannot slip past useDeskMutation through it.
 */
export function readDesk<C extends ReadChannel>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  return call(channel, input)
}
