import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESTINATION, ETH, json, startConnectorFixture, type ConnectorFixture } from '../connector/connector-fixture'
import { startWebhookReceiver, type WebhookReceiver } from '../../harness/notify-receivers'

// Runs under test/with-keychain.sh: the webhook's URL is in the real keychain, read by the connector's own process.
const BIN = join(import.meta.dirname, '../../../bin/payout-desk.js')

/**
 * The connector as an MCP host starts it: only the variables hosts pass, plus the session bus the configuration names
 * (the keychain's, as the connector's advice says to add).
 */
async function connectAsHost(home: string, profile: string) {
  const env: Record<string, string> = {}
  for (const name of ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER', 'DBUS_SESSION_BUS_ADDRESS'])
    if (process.env[name]) env[name] = process.env[name]
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'connector', '--profile', profile, '--home', home],
    env,
    stderr: 'pipe',
  })
  let stderr = ''
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const client = new Client({ name: 'notify-connector-test', version: '1.0.0' })
  await client.connect(transport)
  return {
    stderr: () => stderr,
    call: async (name: string, args: Record<string, unknown> = {}) =>
      (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: () => client.close(),
  }
}

describe('a payout the agent requests through the connector is announced by the connector, once', () => {
  let f: ConnectorFixture
  let hooks: WebhookReceiver
  const path = `/workflows/agent-hook-secret-${Date.now()}`
  const announced = (payoutId: string) =>
    hooks.received
      .filter((r) => r.path === path)
      .map((r) => JSON.parse(r.body) as { kind: string; payout_ids: string[]; text: string })
      .filter((m) => m.kind === 'payout' && m.payout_ids.includes(payoutId))

  beforeAll(async () => {
    f = await startConnectorFixture()
    hooks = await startWebhookReceiver()
    await f.profile('agent', { writeTools: true })
    await f.setPolicy('agent')
    const added = await f.cli(['notify', 'add', '--profile', 'agent', '--webhook', `${hooks.url}${path}`])
    expect(added.code, added.stderr).toBe(0)
  }, 60_000)

  afterAll(async () => {
    await hooks?.close()
    await f?.close()
  })

  it('the webhook gets the payout once: from the connector, not again from the next process', async () => {
    const c = await connectAsHost(f.home, 'agent')
    let payoutId: string
    try {
      const wallets = json(await c.call('list_wallets')).data as Array<{ id: string; name: string }>
      const created = await c.call('create_counterparty', {
        network: ETH.network,
        address: DESTINATION,
        counterparty_type: 'company',
        company_name: 'Acme Ltd',
        wallet_type: 'unhosted',
        country: 'DE',
        label: 'Acme',
      })
      await f.console.verify(json(created).data.id)
      const paid = await c.call('request_withdrawal', {
        idempotency_key: `agent-notify-${Date.now()}`,
        wallet_id: wallets.find((w) => w.name === 'Main')!.id,
        asset: 'ETH',
        amount: '0.01',
        destination: DESTINATION,
        network: ETH.network,
      })
      expect(paid.isError, JSON.stringify(paid.content)).toBeFalsy()
      payoutId = json(paid).data.id
      // The connector's own notifier says it while the connector runs: no other process is open on the profile.
      await expect.poll(() => announced(payoutId).length, { timeout: 20_000, interval: 200 }).toBe(1)
    } finally {
      await c.close()
    }
    const [message] = announced(payoutId)
    expect(message!.text).toContain('0.01 ETH')
    expect(message!.text).toContain('Acme')

    // The next processes to open the profile (the CLI, the connector again) deliver what is due but say it no more.
    expect((await f.cli(['notify', 'list', '--profile', 'agent'])).code).toBe(0)
    const again = await connectAsHost(f.home, 'agent')
    await again.call('list_wallets')
    await again.close()
    expect(announced(payoutId)).toHaveLength(1)
    expect(c.stderr()).not.toContain(path.slice(1))
  }, 90_000)
})
