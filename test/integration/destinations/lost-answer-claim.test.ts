import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDestination } from '../../../electron/core/destinations/create-destination'
import { checkIndex } from '../../../electron/core/destinations/lookalike-guard'
import { DeskStore } from '../../../electron/core/store'
import { startSimulator, type RunningSimulator } from '../../../electron/simulator'
import { consoleCall, makeClient, setupWorkspace, type Workspace } from '../../harness/api-fixture'

const body = (address: string) => ({
  network: 'ethereum-sepolia',
  address,
  counterparty_type: 'company' as const,
  company_name: 'Payee',
  wallet_type: 'unhosted' as const,
  country: 'DE',
})
const options = { howToAccept: '' }

describe('a registration whose answer was lost', () => {
  let sim: RunningSimulator
  let ws: Workspace
  let dir: string
  beforeAll(async () => {
    sim = await startSimulator({ sandboxPort: 0, productionPort: 0, seed: 'empty', quiet: true })
    await consoleCall(sim.sandbox.url, 'POST', 'settings', { rate_limit_per_minute: 1_000_000 })
    ws = await setupWorkspace(sim.sandbox.url)
    dir = await mkdtemp(join(tmpdir(), 'lost-answer-'))
  })
  afterAll(async () => {
    await ws.client.sender.close()
    await sim.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('keeps its claim while the provider may have saved it, and the book read next speaks for it', async () => {
    const store = DeskStore.open(dir, 'test')
    const [saved, lookalike, other] = [
      '0x1234' + '5'.repeat(32) + '6789',
      '0x1234' + 'a'.repeat(32) + '6789',
      '0x' + '9'.repeat(40),
    ]
    await consoleCall(sim.sandbox.url, 'POST', 'faults', {
      method: 'POST',
      path_prefix: '/api/v1/counterparties',
      mode: 'drop_after_commit',
      times: 1,
    })
    // One attempt only: the answer lost is not asked for again (the create carries no Idempotency-Key).
    const once = makeClient(sim.sandbox.url, ws.key.signer, { maxAttempts: 1 })
    await expect(createDestination(store, once, body(saved), options)).rejects.toThrow()
    await once.sender.close()
    // The provider saved it, the desk never heard: the claim stays, so the store alone (an import row's gate) refuses a
    // look-alike.
    const sources = () =>
      checkIndex(store, 'ethereum-sepolia', lookalike).map((f) => `${f.source} ${f.address.toLowerCase()}`)
    expect(sources()).toEqual([`claim ${saved}`])
    // A read of the book (another registration) speaks for it: the entry is the book's, the claim is gone.
    await createDestination(store, ws.client, body(other), options)
    expect(sources()).toEqual([`destination ${saved}`])
    const refusal = await createDestination(store, ws.client, body(lookalike), options).catch((e: Error) => e.message)
    expect(refusal).toMatch(/looks like 0x1234.*6789 on ethereum-sepolia \(in the destination book/)
    store.close()
  })
})
