import { z } from 'zod'
import { text } from '../../api/text'
import { channels } from '../channel'

export const appChannels = channels({
  'app.info': {
    input: z.strictObject({}),
    output: z.strictObject({
      name: text(),
      version: text(),
      platform: text(),
      arch: text(),
      versions: z.strictObject({
        electron: text().optional(),
        chrome: text().optional(),
        node: text().optional(),
      }),
      shell: z.enum(['electron', 'browser-demo', 'test']),
      /** Browser demo without an OS keychain: its simulator keys live in memory only (said in the top bar). */
      keysInMemory: z.boolean().optional(),
    }),
  },
  /**
   * Copies an address through the shell, which then watches the clipboard for a minute for a swap to another address
   * of the network (`clipboard.swapped`). `copied: false`: this shell has no clipboard of its own; the caller copies.
   */
  'app.copyAddress': {
    input: z.strictObject({ network: text().min(1).max(64), address: text().min(1).max(128) }),
    output: z.strictObject({ copied: z.boolean() }),
  },
})
