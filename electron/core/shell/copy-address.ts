import { isValidAddress } from '../../../shared/api/address'
import type { EventBus } from '../event-bus'
import { DeskError } from '../errors'
import { ClipboardWatch, swapMessage } from './clipboard-watch'

/** The system clipboard as the desktop shell lends it; the browser demo has none. */
export interface ShellClipboard {
  read(): Promise<string>
  write(text: string): Promise<void>
}

/**
 * `app.copyAddress`: the shell writes the address and watches the clipboard for a swap (clipboard-watch.ts); without
 * a shell clipboard nothing is written and the renderer copies the address itself, unwatched.
 */
export function copyAddressHandler(
  clipboard: ShellClipboard | undefined,
  events: EventBus,
): { copy: (input: { network: string; address: string }) => Promise<{ copied: boolean }>; dispose: () => void } {
  const watch = clipboard
    ? new ClipboardWatch({
        read: () => clipboard.read(),
        now: () => Date.now(),
        every: (tick, ms) => {
          const timer = setInterval(() => void tick(), ms)
          timer.unref()
          return () => clearInterval(timer)
        },
        onSwap: (swap) => events.emit('clipboard.swapped', { ...swap, message: swapMessage(swap) }),
      })
    : null
  return {
    copy: async ({ network, address }) => {
      if (!isValidAddress(network, address))
        throw new DeskError('validation_failed', `address: not a valid address of ${network}; nothing was copied.`)
      if (!clipboard || !watch) return { copied: false }
      // Watched only once written: what the clipboard held before is no swap.
      await clipboard.write(address)
      watch.start(network, address)
      return { copied: true }
    },
    dispose: () => watch?.stop(),
  }
}
