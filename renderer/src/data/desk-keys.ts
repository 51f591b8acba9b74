import type { ChannelInput, ChannelName } from '@shared/ipc/channels'

/** A cached read is named by its channel and its input, nothing else: two screens asking the same share one answer. */
export type DeskKey<C extends ChannelName = ChannelName> = readonly [C, ChannelInput<C>]

export function deskKey<C extends ChannelName>(channel: C, input: ChannelInput<C>): DeskKey<C> {
  return [channel, input] as const
}
