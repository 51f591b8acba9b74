import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cli } from '../../harness/cli-runner'
import { DESTINATION, ETH, startConnectorFixture, type ConnectorFixture } from '../connector/connector-fixture'

/**
 * Issue 47.10: a send reads open alterations first. A payout altered at the provider that nothing has read back yet
 * still stops the next batch: its sending tick reads the provider's payouts before its first row.
 */
describe('a batch reads the provider back before it sends', () => {
  let f: ConnectorFixture
  let withdrawalId: string
  const submit = (amount: string) =>
    cli(
      f.home,
      ['batch', 'submit', '-', '--profile', 'ops', '--wallet', 'Main', '--yes'],
      `destination,amount,asset,network\n${DESTINATION},${amount},ETH,${ETH.network}\n`,
    )
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
    const book = (await f.console.call('GET', 'counterparties')).body as { data: Array<{ id: string }> }
    for (const c of book.data) await f.console.verify(c.id)
    const sent = await submit('0.1')
    expect(sent.code, sent.stderr).toBe(0)
    const listed = (await f.console.call('GET', 'withdrawals')).body as { data: Array<{ id: string }> }
    withdrawalId = listed.data[0]!.id
  }, 90_000)
  afterAll(async () => {
    await f?.close()
  })

  it('an alteration nobody read yet stops batch submit before its first row', async () => {
    const altered = await f.console.call('POST', `withdrawals/${withdrawalId}/alter`, { amount: '0.2' })
    expect(altered.status).toBe(200)
    const again = await submit('0.05')
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/1 row was stopped by this desk's send gate and not sent/)
    const id = /batch ([0-9a-f-]{36})/i.exec(again.stdout + again.stderr)![1]!
    const status = await f.cli(['batch', 'status', id, '--profile', 'ops', '--state', 'refused'])
    expect(status.stdout).toMatch(
      new RegExp(`withdrawal_altered: .*provider recorded payout ${withdrawalId} otherwise`),
    )
    const listed = (await f.console.call('GET', 'withdrawals')).body as { data: unknown[] }
    expect(listed.data).toHaveLength(1)
  })
})
