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
})
