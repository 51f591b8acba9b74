import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ApiClient } from '../../../electron/core/api/api-client'
import { NetworkError } from '../../../electron/core/api/errors'
import { DeskError } from '../../../electron/core/errors'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { PayoutRequests } from '../../../electron/core/payouts/payout-requests'
import { DeskStore } from '../../../electron/core/store'

const body = {
  wallet_id: 'w1',
  asset: 'USDC',
  amount: '12.50',
  destination: '0x52908400098527886E0F7030069857D2E4169EE7',
  network: 'ethereum-sepolia',
}
const diskFull = new DeskError(
  'disk_full',
  'Could not mark a payout: the disk holding /data/desk.db is full. Free some space and try again; nothing was sent.',
)

describe('a payout whose outcome cannot be written', () => {
  let dir: string
  let store: DeskStore
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'unrecorded-'))
    store = DeskStore.open(dir, 'test')
  })
  afterEach(async () => {
    store.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('an answer lost on the way and a disk full for "unknown": the caller hears it may have gone out, never "nothing was sent"', async () => {
    const outbox = Outbox.open(store)
    const client = {
      createWithdrawal: vi.fn(async () => {
        throw new NetworkError('reset', 'The connection was reset before the answer arrived.')
      }),
      findWithdrawalByKey: vi.fn(),
    } as unknown as ApiClient
    const realMark = outbox.mark.bind(outbox)
    vi.spyOn(outbox, 'mark').mockImplementation((key, state, extra) =>
      state === 'unknown' ? Promise.reject(diskFull) : realMark(key, state, extra),
    )
    const failure = (await new PayoutRequests(outbox, client).request(body, { requestedBy: 'app' }).then(
      () => null,
      (err: unknown) => err,
    )) as DeskError
    expect(failure).toBeInstanceOf(DeskError)
    expect(failure).toMatchObject({ code: 'disk_full' })
    expect(failure.message).not.toMatch(/nothing was sent/)
    expect(failure.message).toMatch(
      /^This payout was sent and the provider may have recorded it, but this computer could not record the answer\. Could not mark a payout: the disk holding \/data\/desk\.db is full\. Do not request it again/,
    )
    // Not looked up while nothing can be written: the entry stays "sending", for the next opening to reclaim.
    expect(client.findWithdrawalByKey).not.toHaveBeenCalled()
    expect(outbox.list()).toEqual([expect.objectContaining({ state: 'sending' })])
  })
})
