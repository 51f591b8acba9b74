import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { NO_RULES } from '../../shared/policy/policy-schema'
import { type App, expect, onWallets, openSection, test } from '../harness/e2e-fixtures'
import { payableBody } from '../harness/e2e-destinations'
import { openPayoutTab } from '../harness/e2e-payout-tabs'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'payout-desk.js')

/** The connector in its own process on the app's data directory, started as an MCP host starts it. */
async function connector(
  app: App,
  profileId: string,
): Promise<{ call(name: string, args: Record<string, unknown>): Promise<CallToolResult>; close(): Promise<void> }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'connector', '--profile', profileId, '--home', app.desk.dataDir],
    // The child signs with the test keychain, which it finds through this session's D-Bus address.
    env: process.env as Record<string, string>,
    stderr: 'pipe',
  })
  const client = new Client({ name: 'e2e-agent', version: '1.0.0' })
  await client.connect(transport)
  return {
    call: async (name, args) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: () => client.close(),
  }
}

test("an agent's payout, requested through the connector in another process, shows in the open app without reopening anything", async ({
  app,
}) => {
  test.setTimeout(90_000)
  const { page, desk } = app
  await onWallets(page)
  const profile = (await desk.keys.profiles.current())!
  await desk.router.call('profiles.setAgentWriteTools', { profileId: profile.id, enabled: true })
  await desk.router.call('policy.set', { profileId: profile.id, policy: NO_RULES })
  await openSection(page, 'Payouts')
  const rows = page.getByTestId('payout-row')
  await expect(rows.first()).toBeVisible()

  const agent = await connector(app, profile.id)
  try {
    const allowed = await payableBody(app.desk, '0.0123')
    const sent = await agent.call('request_withdrawal', { idempotency_key: 'e2e-agent-allowed', ...allowed })
    expect(sent.isError, JSON.stringify(sent.content)).toBeFalsy()
    // The app's core notices the other process's commit and follows the payout; the list reads it in.
    await expect(rows.filter({ hasText: '0.0123' })).toHaveCount(1, { timeout: 10_000 })

    // Back to the default policy: the next request waits for a person, in this window's "Held for you".
    await desk.router.call('policy.clear', { profileId: profile.id })
    const held = await agent.call('request_withdrawal', {
      idempotency_key: 'e2e-agent-held',
      ...(await payableBody(app.desk, '0.0456')),
    })
    expect(held.isError).toBe(true)
    await openPayoutTab(page, 'Held')
    const heldRows = page.getByRole('region', { name: 'Held for you' }).getByTestId('held-row')
    await expect(heldRows.filter({ hasText: '0.0456' })).toHaveCount(1, { timeout: 10_000 })
  } finally {
    await agent.close()
  }
})
