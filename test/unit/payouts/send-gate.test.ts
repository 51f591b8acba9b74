import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Counterparty } from '../../../shared/api/resources'
import { Outbox, type OutboxEntry } from '../../../electron/core/payouts/outbox'
import { PayoutRequests } from '../../../electron/core/payouts/payout-requests'
import type { ApiClient } from '../../../electron/core/api/api-client'
import { AGENT_REQUESTER, SendGate, type AgentSendRule, type SendAsk } from '../../../electron/core/payouts/send-gate'
import { DeskStore } from '../../../electron/core/store'
import { knownAddresses } from '../../../electron/core/store/destinations/known-addresses'

const NETWORK = 'ethereum-sepolia'
const OWN = '0x1111aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa2222'
const BOOK = '0x3333bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb4444'
/** The same first and last four characters as BOOK, another address. */
const LOOKALIKE = '0x3333cccccccccccccccccccccccccccccccc4444'

const dir = mkdtempSync(join(tmpdir(), 'send-gate-'))
const store = DeskStore.open(dir, 'test')
afterAll(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})
const seenAt = new Date().toISOString()
store.transaction('note', () =>
  store.repo(knownAddresses).note([
    { network: NETWORK, address: OWN, source: 'own', label: 'Main', seenAt },
    { network: NETWORK, address: BOOK, source: 'destination', label: 'Acme', seenAt },
    { network: NETWORK, address: LOOKALIKE, source: 'destination', label: 'Acme?', seenAt },
  ]),
)

const allowAll: AgentSendRule = { prepare: async () => ({ writeToolsOn: true }), decide: () => ({ outcome: 'send' }) }
const client = { listWallets: async () => [], listCounterparties: async () => [] }
const gate = (environment: 'sandbox' | 'production' = 'sandbox') =>
  new SendGate({ store, client, profile: () => ({ environment }), agent: allowAll })

function entry(destination: string, requestedBy = 'app'): OutboxEntry {
  return {
    idempotencyKey: 'k',
    body: { wallet_id: 'w', asset: 'ETH', amount: '1', destination, network: NETWORK },
    createdAt: seenAt,
    requestedBy,
    state: 'queued',
    withdrawalId: null,
    error: null,
    notBefore: null,
    reference: null,
    batchId: null,
  }
}

function decide(g: SendGate, e: OutboxEntry, ask: SendAsk) {
  return store.read('decide', () =>
    g.decide(e, ask, { checked: ask.checked ?? null, problem: null, agent: { writeToolsOn: true } }, new Date()),
  )
}

describe('the send gate decides the destination and the confirmation at the moment of sending', () => {
  it("refuses the workspace's own deposit address, for a person's batch row as for anyone", () => {
    expect(decide(gate(), entry(OWN), { how: 'batch' })).toMatchObject({ outcome: 'refuse', rule: 'own_address' })
  })

  it("refuses an agent's payout to a look-alike of another book entry; a person's (who may have accepted it) is sent", () => {
    expect(decide(gate(), entry(LOOKALIKE, AGENT_REQUESTER), { how: 'queued' })).toMatchObject({
      outcome: 'refuse',
      rule: 'lookalike_destination',
    })
    expect(decide(gate(), entry(LOOKALIKE), { how: 'queued' })).toEqual({ outcome: 'send' })
  })

  it('refuses a destination that is not verified now', () => {
    const destination = { id: 'd', network: NETWORK, address: BOOK, can_send: false } as Counterparty
    const checked = { body: entry(BOOK).body, wallet: {} as never, destination, book: [] }
    expect(decide(gate(), entry(BOOK), { how: 'resend', checked })).toMatchObject({
      outcome: 'refuse',
      rule: 'destination_not_verified',
    })
  })

  it('a new production payout of a person needs its amount typed again, in the gate itself', () => {
    expect(decide(gate('production'), entry(BOOK), { how: 'new' })).toMatchObject({
      outcome: 'refuse',
      rule: 'production_confirmation',
      code: 'confirmation_required',
    })
    expect(decide(gate('production'), entry(BOOK), { how: 'new', retypedAmount: '1' })).toEqual({ outcome: 'send' })
  })

  it("a payout the provider's check refuses now is refused with that reason", () => {
    const verdict = store.read('decide', () =>
      gate().decide(
        entry(BOOK),
        { how: 'queued' },
        { checked: null, problem: 'No longer verified.', agent: null },
        new Date(),
      ),
    )
    expect(verdict).toMatchObject({ outcome: 'refuse', rule: 'provider_check', message: 'No longer verified.' })
  })
})

describe('only a release sends a held payout', () => {
  it('a queued send (any process) refuses a held entry; nothing is posted', async () => {
    let posted = 0
    const fake = { createWithdrawal: async () => void posted++ } as unknown as ApiClient
    const outbox = Outbox.open(store)
    const held = await outbox.add(entry(BOOK).body, AGENT_REQUESTER, new Date(), 'held-1', { state: 'held' })
    await expect(
      new PayoutRequests(outbox, fake).sendRecorded(held.idempotencyKey, { how: 'queued' }),
    ).rejects.toMatchObject({ code: 'invalid_input' })
    await expect(outbox.mark(held.idempotencyKey, 'sending' as never)).rejects.toMatchObject({ code: 'invalid_input' })
    expect(posted).toBe(0)
    expect(outbox.get(held.idempotencyKey).state).toBe('held')
  })
})
