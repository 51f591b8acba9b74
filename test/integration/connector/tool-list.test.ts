import { auditText } from '../../harness/store-reader'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profileDir } from '../../../electron/core/profiles'
import { json, runConnectorOnce, startConnectorFixture, type ConnectorFixture } from './connector-fixture'

const READ_TOOLS = [
  'get_transaction',
  'get_wallet',
  'get_withdrawal',
  'list_counterparties',
  'list_transactions',
  'list_wallets',
  'list_withdrawals',
]
const WRITE_TOOLS = ['cancel_withdrawal', 'create_counterparty', 'request_withdrawal']

let f: ConnectorFixture

beforeAll(async () => {
  f = await startConnectorFixture()
}, 60_000)

afterAll(async () => {
  await f?.close()
})

describe('connector tool list', () => {
  it('with agent write tools off: exactly the 7 read tools, all read-only; a write tool called by name is refused', async () => {
    const p = await f.profile('reader')
    const c = await f.connect('reader')
    const { tools } = await c.client.listTools()
    expect(tools.map((t) => t.name).sort()).toEqual(READ_TOOLS)
    for (const t of tools) {
      expect(t.annotations?.readOnlyHint).toBe(true)
      expect(t.inputSchema.additionalProperties).toBe(false)
    }
    expect(c.client.getInstructions()).toMatch(/Read-only/)

    const refused = await c.call('request_withdrawal', {
      idempotency_key: 'k-off-1',
      wallet_id: 'wal-treasury',
      asset: 'ETH',
      amount: '1',
      destination: '0xabc',
    })
    expect(refused.isError).toBe(true)
    expect(JSON.stringify(refused.content)).toMatch(/request_withdrawal not found/)
    const cancel = await c.call('cancel_withdrawal', { withdrawal_id: 'x' })
    expect(cancel.isError).toBe(true)
    // Nothing reached the provider: only the connection-opening reads (if any), never a POST.
    expect((await f.console.requests()).filter((r) => r.method === 'POST')).toEqual([])
    // And the server still serves.
    const wallets = await c.call('list_wallets')
    expect(wallets.isError, JSON.stringify(wallets.content)).toBeFalsy()

    await c.close()
    const audit = auditText(profileDir(f.home, p.id))
    expect(audit).toContain('"method":"MCP","path":"tool:list_wallets"')
    expect(audit).toContain('"method":"GET","path":"/api/v1/wallets"')
  })

  it('with agent write tools on: 10 tools, destructive hints on payouts, never an approval tool', async () => {
    await f.profile('writer', { writeTools: true })
    const c = await f.connect('writer')
    const { tools } = await c.client.listTools()
    expect(tools.map((t) => t.name).sort()).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort())
    expect(tools.some((t) => /approv/i.test(t.name))).toBe(false)
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]))
    expect(byName.request_withdrawal?.annotations?.destructiveHint).toBe(true)
    expect(byName.cancel_withdrawal?.annotations?.destructiveHint).toBe(true)
    expect(byName.request_withdrawal?.annotations?.readOnlyHint).toBe(false)
    expect(byName.request_withdrawal?.inputSchema.required).toContain('idempotency_key')
    expect(byName.request_withdrawal?.description).toMatch(/reuse the SAME idempotency_key/)
    expect(byName.request_withdrawal?.inputSchema.additionalProperties).toBe(false)
    expect((byName.request_withdrawal?.inputSchema.properties as Record<string, { type?: string }>).amount?.type).toBe(
      'string',
    )
  })

  it('a write tool is refused once the setting is turned off, even before the connector restarts', async () => {
    const p = await f.profile('flip', { writeTools: true })
    const c = await f.connect('flip')
    await f.keys.setAgentWriteTools(p.id, false, false)
    const r = await c.call('cancel_withdrawal', { withdrawal_id: '00000000-0000-4000-8000-000000000000' })
    expect(r.isError).toBe(true)
    expect(json(r).error.code).toBe('agent_write_tools_off')
  })

  it('an unknown profile ends the connector at start with the reason on stderr and nothing on stdout', () => {
    const r = runConnectorOnce(['--profile', 'nobody', '--home', f.home])
    expect(r.status).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(/There is no profile "nobody"/)
  })

  it('an MCP message over 10 MiB ends the connector with a clear error on stderr and a non-zero exit', async () => {
    await f.profile('flooded')
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: { pad: 'x'.repeat(10 * 1024 * 1024) },
    })
    const r = runConnectorOnce(['--profile', 'flooded', '--home', f.home], `${huge}\n`)
    expect({ status: r.status, stderr: r.stderr.slice(-600) }).toEqual({
      status: 1,
      stderr: expect.stringMatching(/message .*larger than 10 MiB/),
    })
    expect(r.stdout).toBe('')
  }, 150_000)

  it('a profile without a registered key serves, and every tool answers with a clear error', async () => {
    await f.profile('keyless', { registered: false })
    const c = await f.connect('keyless')
    expect(c.stderr()).toMatch(/the key cannot be used yet/)
    const r = await c.call('list_wallets')
    expect(r.isError).toBe(true)
    expect(json(r).error).toMatchObject({ code: 'key_not_found', message: expect.stringMatching(/no key yet/) })
    const again = await c.call('get_wallet', { wallet_id: 'wal-treasury' })
    expect(json(again).error.code).toBe('key_not_found')
  })

  it('a keychain that cannot be reached is a tool error with advice; the server keeps serving', async () => {
    await f.profile('nobus')
    const c = await f.connect('nobus', { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent', DISPLAY: '' })
    for (const tool of ['list_wallets', 'list_counterparties']) {
      const r = await c.call(tool)
      expect(r.isError).toBe(true)
      expect(json(r).error).toMatchObject({
        code: 'keychain_unavailable',
        message: expect.stringMatching(/gnome-keyring/),
      })
    }
  })
})
