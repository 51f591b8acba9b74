import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cli } from '../../harness/cli-runner'
import { DESTINATION, ETH, json, startConnectorFixture, type ConnectorFixture } from '../connector/connector-fixture'

const SDN = join(import.meta.dirname, '../../fixtures/screening/sdn-small.xml')
const LISTED = '0x8589427373d6d84e98730d7795d8f6f8731fda16'
const NEW_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'

const company = (address: string, name: string, label: string, network = ETH.network) => [
  '--network',
  network,
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

/**
 * Listed addresses and payee changes are refused at every door that adds or pays a destination (CLI, connector, batch).
 */
describe('screening lists and payee changes at the gates', () => {
  let f: ConnectorFixture
  const batch = (address: string) =>
    cli(
      f.home,
      ['batch', 'submit', '-', '--profile', 'ops', '--wallet', 'Main', '--yes'],
      `destination,amount,asset,network\n${address},0.01,ETH,${ETH.network}\n`,
    )
  const verifyAll = async () => {
    const book = (await f.console.call('GET', 'counterparties')).body as {
      data: Array<{ id: string; workspace_id: string; can_send: boolean }>
    }
    for (const c of book.data.filter((x) => x.workspace_id === f.workspaceId && !x.can_send))
      await f.console.verify(c.id)
  }

  beforeAll(async () => {
    f = await startConnectorFixture()
    await f.profile('ops', { writeTools: true })
    await f.setPolicy('ops', ['--max-per-payout', 'ETH=1'])
  }, 90_000)
  afterAll(async () => {
    await f?.close()
  })

  it('screening import reads the SDN file and status shows its date and size', async () => {
    const imported = await f.cli(['screening', 'import', SDN, '--profile', 'ops', '--name', 'OFAC SDN'])
    expect(imported.code, imported.stderr).toBe(0)
    expect(imported.stdout).toBe(
      'Imported "OFAC SDN": 3 address(es), published 11/20/2026.\n' +
        'No destination of the book and no waiting payout is on a screening list.\n',
    )
    const status = JSON.parse((await f.cli(['screening', 'status', '--profile', 'ops', '--json'])).stdout) as Array<{
      name: string
      addresses: number
    }>
    expect(status).toMatchObject([{ name: 'OFAC SDN', addresses: 3 }])
  })

  it('a listed address is refused by the CLI on any EVM network and by the agent, naming the list and entry', async () => {
    for (const network of [ETH.network, 'polygon-amoy']) {
      const r = await f.cli(['destinations', 'add', '--profile', 'ops', ...company(LISTED, 'Mixer', 'Mixer', network)])
      expect(r.code).toBe(1)
      expect(r.stderr).toMatch(/is on the screening list "OFAC SDN" \(SDN 90001 EXAMPLE MIXER, ETH\)/)
    }
    const agent = await f.connect('ops')
    const answer = await agent.call('create_counterparty', {
      network: ETH.network,
      address: LISTED,
      counterparty_type: 'company',
      company_name: 'Mixer',
      wallet_type: 'unhosted',
      country: 'DE',
      label: 'Mixer',
    })
    expect(answer.isError).toBe(true)
    expect(JSON.stringify(answer.content)).toMatch(/screening_listed|screening list/)
    const book = json(await agent.call('list_counterparties')).data as Array<{ address: string }>
    expect(book.map((c) => c.address.toLowerCase())).not.toContain(LISTED)
  })

  it('a destination listed after it was saved is refused in a batch, with its line', async () => {
    expect(
      (
        await f.cli([
          'destinations',
          'add',
          '--profile',
          'ops',
          ...company(DESTINATION, 'Old Vendor Ltd', 'Old vendor'),
        ])
      ).code,
    ).toBe(0)
    await verifyAll()
    const list = join(f.home, 'list.csv')
    writeFileSync(list, `network,address,entry\nethereum-sepolia,${DESTINATION.toLowerCase()},case 7\n`)
    expect((await f.cli(['screening', 'import', list, '--profile', 'ops', '--name', 'Internal'])).code).toBe(0)
    const r = await batch(DESTINATION)
    expect(r.code).toBe(1)
    expect(r.stdout + r.stderr).toMatch(/Line 2, destination: .*screening list "Internal" \(case 7/)
  })

  it("a known payee's new address waits for a confirmation and the waiting period, then is paid", async () => {
    const first = await f.cli([
      'destinations',
      'add',
      '--profile',
      'ops',
      ...company('0x1111111111111111111111111111111111111111', 'Acme Supplies GmbH', 'Acme'),
    ])
    expect(first.code, first.stderr).toBe(0)
    const changed = await f.cli([
      'destinations',
      'add',
      '--profile',
      'ops',
      ...company(NEW_ADDRESS, 'ACME Supplies GmbH', 'Acme new bank'),
    ])
    expect(changed.code, changed.stderr).toBe(0)
    await verifyAll()
    const refused = await batch(NEW_ADDRESS)
    expect(refused.code).toBe(1)
    expect(refused.stdout + refused.stderr).toMatch(
      /New address for ACME Supplies GmbH, added less than an hour ago, not yet confirmed/,
    )

    const book = (await f.console.call('GET', 'counterparties')).body as {
      data: Array<{ id: string; address: string }>
    }
    const id = book.data.find((c) => c.address.toLowerCase() === NEW_ADDRESS.toLowerCase())!.id
    const confirmed = await f.cli([
      'destinations',
      'confirm-change',
      id,
      '--profile',
      'ops',
      '--by',
      'Dana Ruiz',
      '--channel',
      'phone',
      '--note',
      'Called the number on file',
    ])
    expect(confirmed.code, confirmed.stderr).toBe(0)
    expect(confirmed.stdout).toMatch(/Still waiting: new address for ACME Supplies GmbH, .*confirmed, waiting until/)
    expect((await batch(NEW_ADDRESS)).code).toBe(1)

    expect((await f.cli(['profile', 'set', 'ops', '--payee-change-wait', '0'])).code).toBe(0)
    const paid = await batch(NEW_ADDRESS)
    expect(paid.code, paid.stderr).toBe(0)
    expect((await f.cli(['audit', 'list', '--profile', 'ops', '--json'])).stdout).toContain(
      'destination.change_confirmed',
    )
  })

  it('payout explain lists every check with its result', async () => {
    const r = await f.cli([
      'payout',
      'explain',
      '--profile',
      'ops',
      '--destination',
      NEW_ADDRESS,
      '--network',
      ETH.network,
      '--json',
    ])
    expect(r.code, r.stderr).toBe(0)
    expect(JSON.parse(r.stdout)).toEqual([
      { check: 'verified', result: 'pass', detail: expect.stringMatching(/^verified/) },
      { check: 'first_payout', result: 'ask', detail: expect.stringMatching(/never paid before/) },
      {
        check: 'payee_change',
        result: 'pass',
        detail: 'new address for ACME Supplies GmbH, confirmed by Dana Ruiz (phone)',
      },
      { check: 'lookalike', result: 'pass', detail: 'resembles no known address' },
      {
        check: 'screening',
        result: 'ask',
        detail: expect.stringMatching(
          /^on no list: Internal \(.*, 0 d old\), OFAC SDN \(11\/20\/2026, \d+ d old, STALE\)$/,
        ),
      },
    ])
    const listed = await f.cli([
      'payout',
      'explain',
      '--profile',
      'ops',
      '--destination',
      DESTINATION,
      '--network',
      ETH.network,
    ])
    expect(listed.code).toBe(1)
    expect(listed.stdout).toMatch(/screening\s+STOP\s+on "Internal" \(case 7\)/)
  })

  it("a pay run's line to an unconfirmed payee change is refused at preview, with its line", async () => {
    const third = '0x3333333333333333333333333333333333333333'
    expect(
      (await f.cli(['destinations', 'add', '--profile', 'ops', ...company(third, 'Acme Supplies GmbH', 'Acme third')]))
        .code,
    ).toBe(0)
    await verifyAll()
    const lines = join(f.home, 'run.csv')
    writeFileSync(lines, `destination,amount,asset,network,wallet\n${third},0.01,ETH,${ETH.network},Main\n`)
    const added = await f.cli([
      'run',
      'add',
      '--profile',
      'ops',
      '--name',
      'Weekly',
      '--schedule',
      'FREQ=WEEKLY;BYDAY=FR',
      '--file',
      lines,
    ])
    expect(added.code, added.stderr).toBe(0)
    const preview = await f.cli(['run', 'preview', 'Weekly', '--profile', 'ops'])
    expect(preview.stdout + preview.stderr).toMatch(
      /Line 2, destination: New address for Acme Supplies GmbH, .*not yet confirmed/,
    )
  })

  it('confirm-change refuses a destination that is no payee change, and a channel it does not know', async () => {
    const book = (await f.console.call('GET', 'counterparties')).body as { data: Array<{ id: string; label: string }> }
    const old = book.data.find((c) => c.label === 'Old vendor')!.id
    expect(
      (
        await f.cli([
          'destinations',
          'confirm-change',
          old,
          '--profile',
          'ops',
          '--by',
          'x',
          '--channel',
          'phone',
          '--note',
          'n',
        ])
      ).stderr,
    ).toMatch(/is not a payee change/)
    expect(
      (
        await f.cli([
          'destinations',
          'confirm-change',
          old,
          '--profile',
          'ops',
          '--by',
          'x',
          '--channel',
          'fax',
          '--note',
          'n',
        ])
      ).stderr,
    ).toMatch(/--channel is one of/)
  })
})
