import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cli } from '../../harness/cli-runner'
import { ETH, startConnectorFixture, type ConnectorFixture } from '../connector/connector-fixture'

const FIRST = '0x4a9b3c5ef1d8b4fcc4d7a0b6f5c1d2e3f4051627'
const SECOND = '0x5bac4d6f02e9c50dd5e8b1c7a6d2e3f405162738'
const LATIN = 'Acme Supplies GmbH'
const CYRILLIC_A = '\u0410cme Supplies GmbH'

const company = (address: string, name: string, label: string) => [
  'destinations',
  'add',
  '--profile',
  'ops',
  '--network',
  ETH.network,
  '--address',
  address,
  '--type',
  'company',
  '--company-name',
  name,
  '--wallet-type',
  'unhosted',
  '--country',
  'DE',
  '--label',
  label,
]

/** Issue 47.8: a payee's name spelt with a letter of another script that looks the same is the same payee. */
describe('payee names compared by their confusable skeleton', () => {
  let f: ConnectorFixture
  beforeAll(async () => {
    f = await startConnectorFixture()
    await f.profile('ops')
    expect((await f.cli(company(FIRST, LATIN, 'Acme'))).code).toBe(0)
    expect((await f.cli(company(SECOND, CYRILLIC_A, 'Acme new'))).code).toBe(0)
    const book = (await f.console.call('GET', 'counterparties')).body as {
      data: Array<{ id: string; workspace_id: string; can_send: boolean }>
    }
    for (const c of book.data.filter((x) => x.workspace_id === f.workspaceId && !x.can_send))
      await f.console.verify(c.id)
  }, 90_000)
  afterAll(async () => {
    await f?.close()
  })

  it('"Аcme Supplies GmbH" (Cyrillic А) is a payee change of "Acme Supplies GmbH": not paid unconfirmed', async () => {
    const explained = await f.cli([
      'payout',
      'explain',
      '--profile',
      'ops',
      '--destination',
      SECOND,
      '--network',
      ETH.network,
      '--json',
    ])
    const checks = JSON.parse(explained.stdout) as Array<{ check: string; result: string; detail: string }>
    expect(checks.find((c) => c.check === 'payee_change')).toMatchObject({
      result: 'stop',
      detail: expect.stringMatching(/^new address for .cme Supplies GmbH, added .*not yet confirmed/),
    })
    const paid = await cli(
      f.home,
      ['batch', 'submit', '-', '--profile', 'ops', '--wallet', 'Main', '--yes'],
      `destination,amount,asset,network\n${SECOND},0.01,ETH,${ETH.network}\n`,
    )
    expect(paid.code).toBe(1)
    expect(paid.stdout + paid.stderr).toMatch(/Line 2, destination: New address for .cme Supplies GmbH/)
    const withdrawals = (await f.console.call('GET', 'withdrawals')).body as { data: unknown[] }
    expect(withdrawals.data).toHaveLength(0)
  })
})
