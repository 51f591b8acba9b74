import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createDesk, type Desk } from '../../../electron/core/desk'
import { MemorySecretStore } from '../../harness/memory-secret-store'

// Before any profile is open (first start, or the open one was removed), a screen's call answers one clear error.
let dir: string
let desk: Desk
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'no-profile-'))
  desk = await createDesk({
    dataDir: dir,
    shell: 'test',
    version: '0.0.0',
    secretStore: new MemorySecretStore(),
    chooseSavePath: async () => join(dir, 'x.csv'),
  })
})
afterAll(async () => {
  await desk.dispose()
  await rm(dir, { recursive: true, force: true })
})

const destination = {
  network: 'ethereum-sepolia',
  address: '0x' + 'ab'.repeat(20),
  counterparty_type: 'company',
  company_name: 'Acme',
  wallet_type: 'unhosted',
  country: 'DE',
} as const

it.each([
  ['wallets.list', {}],
  ['withdrawals.export', {}],
  ['counterparties.lookalikes', { network: 'ethereum-sepolia', address: destination.address }],
  ['counterparties.createLookalike', { body: destination, acceptLookalike: destination.address }],
  ['payouts.resend', { idempotencyKey: 'k-1' }],
  ['payouts.discard', { idempotencyKey: 'k-1' }],
] as const)('%s: "No profile is open", and no file is written', async (channel, input) => {
  await expect(desk.router.call(channel, input as never)).rejects.toMatchObject({
    code: 'profile_not_found',
    message: 'No profile is open. Choose or create a profile first.',
  })
  expect(await readdir(dir)).toEqual([])
})

it('the same through the IPC dispatch: a result with the error, not a throw', async () => {
  expect(await desk.router.dispatch('wallets.list', {})).toEqual({
    ok: false,
    error: expect.objectContaining({ code: 'profile_not_found' }),
  })
})
