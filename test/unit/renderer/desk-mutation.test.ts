import type { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import type { ChannelInput, ChannelOutput } from '../../../shared/ipc/channels'
import type { WriteChannel } from '../../../renderer/src/data/read-channels'
import { DeskCallError } from '../../../renderer/src/desk'
import { createDeskQueryClient } from '../../../renderer/src/data/query-client'
import { deskMutationOptions } from '../../../renderer/src/data/useDeskMutation'

/** A stand-in `window.desk` answering every invoke with `answer`, recording what was asked. */
function fakeDesk(answer: (channel: string, input: unknown) => Promise<unknown>) {
  const asked: Array<[string, unknown]> = []
  ;(globalThis as { window?: unknown }).window = {
    desk: {
      invoke: (channel: string, input: unknown) => {
        asked.push([channel, input])
        return answer(channel, input)
      },
      on: () => () => undefined,
    },
  }
  return asked
}

/** Runs one mutation the way useMutation does, through the client's mutation cache. */
function run<C extends WriteChannel>(
  client: QueryClient,
  channel: C,
  input: ChannelInput<C>,
): Promise<ChannelOutput<C>> {
  return client.getMutationCache().build(client, deskMutationOptions(client, channel)).execute(input)
}

afterEach(() => delete (globalThis as { window?: unknown }).window)

describe('useDeskMutation', () => {
  it('calls the channel with its input and resolves with the core answer', async () => {
    const asked = fakeDesk(async () => ({ ok: true, data: { hours: 12 } }))
    const client = createDeskQueryClient()
    await expect(run(client, 'held.setExpiry', { hours: 12 })).resolves.toEqual({ hours: 12 })
    expect(asked).toEqual([['held.setExpiry', { hours: 12 }]])
  })

  it('fails with the core error kept whole: its code of the error table and its request id', async () => {
    fakeDesk(async () => ({
      ok: false,
      error: { code: 'withdrawal_not_cancellable', message: 'too late', requestId: 'req_1' },
    }))
    const client = createDeskQueryClient()
    const failed = await run(client, 'withdrawals.cancel', { withdrawalId: 'w' }).catch((e: unknown) => e)
    expect(failed).toBeInstanceOf(DeskCallError)
    expect(failed).toMatchObject({ code: 'withdrawal_not_cancellable', message: 'too late', requestId: 'req_1' })
  })

  it('turns a bridge that throws into an internal DeskCallError, never a bare Error', async () => {
    fakeDesk(async () => {
      throw new Error('channel closed')
    })
    const client = createDeskQueryClient()
    const failed = await run(client, 'payouts.discard', { idempotencyKey: 'k' }).catch((e: unknown) => e)
    expect(failed).toBeInstanceOf(DeskCallError)
    expect(failed).toMatchObject({ code: 'internal', message: 'channel closed' })
  })

  it('marks old what its write-stales entry names, after a failure too', async () => {
    fakeDesk(async () => ({ ok: false, error: { code: 'timeout', message: 'no answer' } }))
    const client = createDeskQueryClient()
    client.setQueryData(['held.expiry', {}], { hours: 1 })
    client.setQueryData(['held.list', {}], [])
    client.setQueryData(['payouts.outbox', {}], [])
    await run(client, 'held.setExpiry', { hours: 2 }).catch(() => undefined)
    expect(client.getQueryState(['held.expiry', {}])?.isInvalidated).toBe(true)
    expect(client.getQueryState(['held.list', {}])?.isInvalidated).toBe(true)
    expect(client.getQueryState(['payouts.outbox', {}])?.isInvalidated).toBe(false)
  })
})
