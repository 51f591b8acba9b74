import type { ErrorCode } from '../../shared/api/error-codes'
import type { IpcError } from '../../shared/ipc/ipc-error'
import type { OutboxEntryView } from '../../shared/ipc/channels/payouts'
import { DeskError } from '../../electron/core/errors'

/** Error codes come from the one ErrorCode table: a typo or an invented code does not compile anywhere. */
export const known = new DeskError('rate_limited', 'Slow down.')
export const ipcKnown: IpcError = { code: 'store_locked', message: 'Another process holds the store.' }
export const isRefusal = (code: ErrorCode): boolean => code === 'withdrawal_not_cancellable'

export const invented = new DeskError('rate_limit', 'A typo.') // must not compile
export const ipcInvented: IpcError = { code: 'no_such_code', message: 'Invented.' } // must not compile
export const comparedWithTypo = (code: ErrorCode): boolean => code === 'withdrawal_not_cancelable' // must not compile

/** An outbox entry's error code is one of the table too, so a comparison with a misspelt code is caught. */
declare const entry: OutboxEntryView
export const notRecorded = entry.error?.code === 'not_recorded'
export const notRecordedTypo = entry.error?.code === 'not_recordd' // must not compile
