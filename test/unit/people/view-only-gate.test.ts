import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { OutboxEntry } from '../../../electron/core/payouts/outbox'
import { AGENT_REQUESTER, SendGate, type AgentSendRule, type SendHow } from '../../../electron/core/payouts/send-gate'
import { DeskStore, profileAccess } from '../../../electron/core/store'

const dir = mkdtempSync(join(tmpdir(), 'view-only-gate-'))
const store = DeskStore.open(dir, 'test')
afterAll(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

const allowAll: AgentSendRule = { prepare: async () => ({ writeToolsOn: true }), decide: () => ({ outcome: 'send' }) }
const gate = new SendGate({
  store,
  client: { listWallets: async () => [], listCounterparties: async () => [] },
  profile: () => ({ environment: 'sandbox' }),
  agent: allowAll,
})

const entry = (requestedBy: string): OutboxEntry => ({
  idempotencyKey: 'k',
  body: { wallet_id: 'w', asset: 'ETH', amount: '1', destination: '0x3333bbbb', network: 'ethereum-sepolia' },
  createdAt: new Date().toISOString(),
  requestedBy,
  state: 'queued',
  withdrawalId: null,
  error: null,
  notBefore: null,
  reference: null,
  batchId: null,
})

const decide = (how: SendHow, requestedBy: string) =>
  store.read('decide', () =>
    gate.decide(
      entry(requestedBy),
      { how },
      { checked: null, problem: null, agent: { writeToolsOn: true } },
      new Date(),
    ),
  )

describe('a view-only profile at the send gate', () => {
  it('sends nothing new, whoever asked and however it comes; a resend of an attempt made may complete', () => {
    expect(decide('queued', 'cli (Tess)')).toEqual({ outcome: 'send' })
    store.transaction('mark', () => store.repo(profileAccess).setViewOnly(true))
    for (const how of ['new', 'queued', 'release', 'batch'] as const)
      for (const who of ['cli (Tess)', AGENT_REQUESTER])
        expect(decide(how, who)).toMatchObject({ outcome: 'refuse', rule: 'view_only', code: 'view_only' })
    expect(decide('resend', 'cli (Tess)')).toEqual({ outcome: 'send' })
    store.transaction('lift', () => store.repo(profileAccess).setViewOnly(false))
    expect(decide('queued', AGENT_REQUESTER)).toEqual({ outcome: 'send' })
  })
})
