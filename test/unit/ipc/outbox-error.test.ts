import { describe, expect, it } from 'vitest'
import { OutboxErrorSchema } from '../../../shared/ipc/outbox-error'

describe('an outbox entry error', () => {
  it('takes a code of the ErrorCode table as it is', () => {
    expect(OutboxErrorSchema.parse({ code: 'not_recorded', message: 'No record.', requestId: 'r-1' })).toEqual({ code: 'not_recorded', message: 'No record.', requestId: 'r-1' })
  })

  it('reads an old row holding a provider code outside the table as invalid_response, the code kept (capped) in the message', () => {
    const said = 'x'.repeat(500)
    const parsed = OutboxErrorSchema.parse({ code: said, message: 'Refused.' })
    expect(parsed.code).toBe('invalid_response')
    expect(parsed.message).toBe(`Refused. (provider code "${'x'.repeat(64)}"… (500 characters), not in the API contract)`)
  })

  it('refuses a row whose code is not text at all', () => {
    expect(OutboxErrorSchema.safeParse({ code: 7, message: 'Refused.' }).success).toBe(false)
  })
})
