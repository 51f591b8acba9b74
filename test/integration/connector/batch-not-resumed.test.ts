import { afterAll, beforeAll, expect, it } from 'vitest'
import { ApiClient } from '../../../electron/core/api/api-client'
import { Pacer } from '../../../electron/core/api/pacer'
import { RequestSender } from '../../../electron/core/api/request-sender'
import { checkBatchFile } from '../../../electron/core/batch/batch-check'
import { submitBatch } from '../../../electron/core/batch/batch-submit'
import { Outbox } from '../../../electron/core/payouts/outbox'
import { profileDir, type Profile } from '../../../electron/core/profiles'
import { batchRepo, DeskStore } from '../../../electron/core/store'
import { json, startConnectorFixture, type ConnectorFixture } from './connector-fixture'

/** A checksummed address for the person's destination on Polygon. */
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'

let f: ConnectorFixture
let profile: Profile
let batchId: string

beforeAll(async () => {
  f = await startConnectorFixture()
  profile = await f.profile('person', { writeTools: true })
  const c = await f.connect('person')
  const company = {
    network: 'polygon-amoy',
    counterparty_type: 'company',
    company_name: 'Acme Ltd',
    wallet_type: 'unhosted',
    country: 'DE',
  }
  await f.console.verify(
    json(await c.call('create_counterparty', { ...company, address: ADDRESS, label: 'Acme on Polygon' })).data.id,
  )
  await c.close()
  // A person's batch that a quit left unfinished: recorded, its rows queued, nothing sent yet.
  const store = DeskStore.open(profileDir(f.home, profile.id), 'test')
  try {
    const signer = await f.keys.vault.openSigner(profile)
    const client = new ApiClient(
      new RequestSender({
        baseUrl: f.sim.sandbox.url,
        signer,
        pacer: new Pacer({ ledger: store.pacerLedger(f.sim.sandbox.url, signer.keyId) }),
      }),
      'interactive',
    )
    const csv =
      'destination,amount,asset,wallet,reference\r\nAcme on Polygon,1.5,USDC,Main,r1\r\nAcme on Polygon,2.5,USDC,Main,r2\r\n'
    const check = await checkBatchFile(client, Buffer.from(csv))
    batchId = (
      await submitBatch(store, Outbox.open(store), check, {
        source: 'person.csv',
        requestedBy: 'person',
        confirmDuplicates: false,
        retypedTotal: null,
        production: false,
      })
    ).id
    await client.sender.close()
    signer.dispose()
  } finally {
    store.close()
  }
}, 60_000)

afterAll(async () => {
  await f?.close()
})

it("an agent's connector opening the profile leaves a person's unfinished batch alone: no row is sent", async () => {
  const c = await f.connect('person')
  const before = (await f.console.requests()).length
  // Each call opens (or reuses) the connector's session on the profile, as an agent's first call does.
  expect(json(await c.call('list_wallets')).data.length).toBeGreaterThan(0)
  expect(json(await c.call('list_transactions', {})).data).toBeDefined()
  await c.close()
  // The connector has exited: whatever it would have started in the background has run or died with it.
  const after = (await f.console.requests()).slice(before)
  expect(after.filter((r) => r.method === 'POST' && r.path.startsWith('/api/v1/withdrawals'))).toEqual([])
  const store = DeskStore.open(profileDir(f.home, profile.id), 'test')
  try {
    expect(store.repo(batchRepo).stateCounts(batchId)).toEqual({ queued: 2 })
  } finally {
    store.close()
  }
})
