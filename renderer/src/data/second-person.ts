import { create } from 'zustand'
import type { ChannelInput, ChannelName, ChannelOutput } from '@shared/ipc/channels'
import type { SecondPerson } from '@shared/ipc/channels/desk-lock'
import { DeskCallError } from '../desk'

/** The writes that may name a second person (four eyes at one seat): a loosening, lifting view-only. */
const TAKES_SECOND: ReadonlySet<ChannelName> = new Set<ChannelName>(['policy.set', 'policy.clear', 'seat.set'])

interface SecondAsk {
  message: string
  /** Makes the write again with the second person; throws (to the dialog) what the core answered. */
  submit(second: SecondPerson): Promise<void>
  cancel(): void
}

/** A write waiting for a second person's name and passphrase (`second_person_required`), if one is. */
export const useSecondAsk = create<{ ask: SecondAsk | null }>(() => ({ ask: null }))

/**
 * A write that four eyes may stop: when the core answers `second_person_required`, a second person is asked at this
 * seat, and the write is made again with their name and passphrase (which the core checks). Cancelled, it fails as
 * the core said.
 */
export async function callWithSecond<C extends ChannelName>(
  channel: C,
  input: ChannelInput<C>,
  write: (input: ChannelInput<C>) => Promise<ChannelOutput<C>>,
): Promise<ChannelOutput<C>> {
  try {
    return await write(input)
  } catch (err) {
    if (!(err instanceof DeskCallError) || err.code !== 'second_person_required' || !TAKES_SECOND.has(channel))
      throw err
    return new Promise<ChannelOutput<C>>((resolve, reject) =>
      useSecondAsk.setState({
        ask: {
          message: err.message,
          submit: async (second) => {
            const output = await write({ ...input, second } as ChannelInput<C>)
            useSecondAsk.setState({ ask: null })
            resolve(output)
          },
          cancel: () => {
            useSecondAsk.setState({ ask: null })
            reject(err)
          },
        },
      }),
    )
  }
}
