import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cli } from '../../harness/cli-runner'
import { DESTINATION, ETH, startConnectorFixture, type ConnectorFixture } from '../connector/connector-fixture'

/**
 * What the provider recorded is held against what the desk asked: an altered withdrawal raises the alarm on every CLI
 * read.
 */
describe('a withdrawal the provider altered after it was asked', () => {
  let f: ConnectorFixture
  let batchId: string
  let withdrawalId: string

  beforeAll(async () => {
    f = await startConnectorFixture()
    await f.profile('ops')
    const added = await f.cli([
      'destinations',
      'add',
      '--profile',
      'ops',
      '--network',
      ETH.network,
      '--address',
      DESTINATION,
      '--type',
      'company',
      '--company-name',
      'Acme Supplies GmbH',
      '--wallet-type',
      'unhosted',
      '--country',
      'DE',
      '--label',
      'Acme',
    ])
    expect(added.code, added.stderr).toBe(0)
    const book = (await f.console.call('GET', 'counterparties')).body as {
      data: Array<{ id: string; workspace_id: string }>
    }
    await f.console.verify(book.data.find((c) => c.workspace_id === f.workspaceId)!.id)
    const sent = await cli(
      f.home,
      ['batch', 'submit', '-', '--profile', 'ops', '--wallet', 'Main', '--yes'],
      `destination,amount,asset,network\n${DESTINATION},0.1,ETH,${ETH.network}\n`,
    )
    expect(sent.code, sent.stderr).toBe(0)
    batchId = /batch ([0-9a-f-]{36})/i.exec(sent.stdout + sent.stderr)![1]!
    const listed = (await f.console.call('GET', 'withdrawals')).body as {
      data: Array<{ id: string; workspace_id: string }>
    }
    withdrawalId = listed.data.find((w) => w.workspace_id === f.workspaceId)!.id
  }, 90_000)

  afterAll(async () => {
    await f?.close()
  })

  it('reads back as it was asked: no alarm', async () => {
    const status = await f.cli(['batch', 'status', batchId, '--profile', 'ops', '--refresh'])
    expect(status.code, status.stderr).toBe(0)
    expect(status.stderr).not.toMatch(/ALARM/)
  })

  it('altered at the provider: batch status --refresh, outbox and payout search raise it, naming each field', async () => {
    const altered = await f.console.call('POST', `withdrawals/${withdrawalId}/alter`, {
      amount: '0.2',
      destination: '0x000000000000000000000000000000000000dEaD',
    })
    expect(altered.status).toBe(200)
    const status = await f.cli(['batch', 'status', batchId, '--profile', 'ops', '--refresh'])
    expect(status.stderr).toMatch(
      new RegExp(
        `ALARM: The provider recorded payout ${withdrawalId} otherwise than it was asked: amount asked 0.1, recorded 0.2; destination asked ${DESTINATION}, recorded 0x0+dEaD`,
      ),
    )
    expect((await f.cli(['outbox', '--profile', 'ops'])).stderr).toMatch(/ALARM: .*amount asked 0\.1, recorded 0\.2/)
    expect((await f.cli(['payout', 'search', '', '--profile', 'ops'])).stderr).toMatch(/ALARM/)
    const audit = await f.cli(['audit', 'list', '--profile', 'ops', '--json'])
    expect(audit.stdout).toContain('payout.altered')
  })

  it('while it is not acknowledged, every new send of the profile is stopped at the gate, naming the altered payout', async () => {
    const again = await cli(
      f.home,
      ['batch', 'submit', '-', '--profile', 'ops', '--wallet', 'Main', '--yes'],
      `destination,amount,asset,network\n${DESTINATION},0.05,ETH,${ETH.network}\n`,
    )
    const id = /batch ([0-9a-f-]{36})/i.exec(again.stdout + again.stderr)![1]!
    const rows = JSON.parse((await f.cli(['batch', 'status', id, '--profile', 'ops', '--json'])).stdout) as {
      rows: Array<{ state: string; error: string | null }>
    }
    expect(rows.rows).toMatchObject([
      {
        state: 'refused',
        error: expect.stringMatching(new RegExp(`provider recorded payout ${withdrawalId} otherwise`)),
      },
    ])
    const listed = (await f.console.call('GET', 'withdrawals')).body as { data: Array<{ workspace_id: string }> }
    expect(listed.data.filter((w) => w.workspace_id === f.workspaceId)).toHaveLength(1)
  })

  it('payout acknowledge ends the alarm, once, and is audited', async () => {
    const ack = await f.cli(['payout', 'acknowledge', withdrawalId, '--profile', 'ops'])
    expect(ack.code, ack.stderr).toBe(0)
    expect((await f.cli(['outbox', '--profile', 'ops'])).stderr).not.toMatch(/ALARM/)
    expect((await f.cli(['payout', 'acknowledge', 'nope', '--profile', 'ops'])).stderr).toMatch(
      /No altered payout nope/,
    )
    expect((await f.cli(['audit', 'list', '--profile', 'ops', '--json'])).stdout).toContain(
      'payout.alteration_acknowledged',
    )
  })

  it('the console refuses an alteration naming nothing or an unknown field', async () => {
    expect((await f.console.call('POST', `withdrawals/${withdrawalId}/alter`, {})).status).toBe(400)
    expect((await f.console.call('POST', `withdrawals/${withdrawalId}/alter`, { fee: '1' })).status).toBe(400)
  })
})
