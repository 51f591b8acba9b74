import { describe, expect, it } from 'vitest'
import { EventBus } from '../../../electron/core/event-bus'
import { copyAddressHandler } from '../../../electron/core/shell/copy-address'

const COPIED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const ATTACKER = '0x5aaeb6053f3e94c9b9a02f33669435e7ef1beaed'

describe('app.copyAddress', () => {
  it('writes the address through the shell, then says a swap on the clipboard as a core event naming both', async () => {
    let text = ATTACKER
    const events = new EventBus()
    const swapped = new Promise<unknown>((resolve) =>
      events.subscribe((name, payload) => name === 'clipboard.swapped' && resolve(payload)),
    )
    const handler = copyAddressHandler({ read: async () => text, write: async (t) => void (text = t) }, events)
    try {
      // What the clipboard held before the copy (another address of the network) is no swap.
      expect(await handler.copy({ network: 'ethereum', address: COPIED })).toEqual({ copied: true })
      expect(text).toBe(COPIED)
      text = ATTACKER
      expect(await swapped).toEqual(
        expect.objectContaining({
          network: 'ethereum',
          copied: COPIED,
          found: ATTACKER,
          message: expect.stringContaining(ATTACKER),
        }),
      )
    } finally {
      handler.dispose()
    }
  })

  it('without a shell clipboard copies nothing (the page does, unwatched); a malformed address is refused', async () => {
    const handler = copyAddressHandler(undefined, new EventBus())
    expect(await handler.copy({ network: 'ethereum', address: COPIED })).toEqual({ copied: false })
    await expect(
      handler.copy({ network: 'ethereum', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' }),
    ).rejects.toThrow(/not a valid address/)
  })
})
