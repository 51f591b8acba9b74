import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { DeskStore } from '../../../electron/core/store'

const body = { wallet_id: 'w1', asset: 'USDC', amount: '1.5', destination: '0xabc', network: 'ethereum-sepolia' }

describe('outbox changes told to the listeners', () => {
  let dir = ''
  afterEach(() => rm(dir, { recursive: true, force: true }))

  // Each telling reads the outbox again (the session's followers, reminders, the screens): a batch's rows moved hundreds
  // of times a second, and every move was told.
  it('a burst is told at once and then once more when it ends, and that last telling sees every change', async () => {
    dir = await mkdtemp(join(tmpdir(), 'burst-'))
    const store = DeskStore.open(dir, 'test')
    const outbox = Outbox.open(store)
    const seen: number[] = []
    outbox.onChange(() => seen.push(outbox.list().length))
    for (let i = 0; i < 60; i++) await outbox.add(body, 'app')
    expect(seen).toEqual([1])
    await expect.poll(() => seen).toEqual([1, 60])
    // A change after a quiet moment is told at once again.
    await new Promise((resolve) => setTimeout(resolve, 150))
    await outbox.add(body, 'app')
    expect(seen).toEqual([1, 60, 61])
    store.close()
  })
})
