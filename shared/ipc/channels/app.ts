import { z } from 'zod'
import { channels } from '../channel'

export const appChannels = channels({
  'app.info': {
    input: z.strictObject({}),
    output: z.strictObject({
      name: z.string(),
      version: z.string(),
      platform: z.string(),
      arch: z.string(),
      versions: z.strictObject({
        electron: z.string().optional(),
        chrome: z.string().optional(),
        node: z.string().optional(),
      }),
      shell: z.enum(['electron', 'browser-demo', 'test']),
      /** Browser demo without an OS keychain: its simulator keys live in memory only (said in the top bar). */
      keysInMemory: z.boolean().optional(),
    }),
  },
})
