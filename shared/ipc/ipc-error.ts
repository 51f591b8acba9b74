import { z } from 'zod'

/** The only shape an error takes when it crosses IPC. */
export const IpcErrorSchema = z.strictObject({
  code: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
})
export type IpcError = z.infer<typeof IpcErrorSchema>

/** What `invoke` resolves to: a result or an error, never a thrown exception across the bridge. */
export type IpcResult<T> = { ok: true; data: T } | { ok: false; error: IpcError }
