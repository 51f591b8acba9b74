import { z } from 'zod'
import { ERROR_CODES } from '../api/error-codes'

/** One code of the ErrorCode table. */
export const ErrorCodeSchema = z.enum(ERROR_CODES)

/** The only shape an error takes when it crosses IPC; its code is one of the ErrorCode table. */
export const IpcErrorSchema = z.strictObject({
  code: ErrorCodeSchema,
  message: z.string(),
  requestId: z.string().optional(),
})
export type IpcError = z.infer<typeof IpcErrorSchema>

/** What `invoke` resolves to: a result or an error, never a thrown exception across the bridge. */
export type IpcResult<T> = { ok: true; data: T } | { ok: false; error: IpcError }
