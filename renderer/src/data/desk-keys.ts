import type { ChannelInput } from '@shared/ipc/channels'
import type { ReadChannel } from './read-channels'

/** A cached read is named by its channel and its input, nothing else: two screens asking the same share one answer. */
export type DeskKey<C extends ReadChannel = ReadChannel> = readonly [C, ChannelInput<C>]

export function deskKey<C extends ReadChannel>(channel: C, input: ChannelInput<C>): DeskKey<C> {
  return [channel, input] as const
}

/** Every cached read of one channel, whatever its input: what marking a channel old acts on. */
export function channelKey<C extends ReadChannel>(channel: C): readonly [C] {
  return [channel] as const
}
