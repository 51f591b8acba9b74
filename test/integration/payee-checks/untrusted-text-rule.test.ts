import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESTINATION, ETH, startConnectorFixture, type ConnectorFixture } from '../connector/connector-fixture'

const company = (address: string, label: string) => [
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
  'Plain Name GmbH',
  '--wallet-type',
  'unhosted',
  '--country',
  'DE',
  '--label',
  label,
]

/** Issue 47.10: one untrusted-text rule for every free-text field, reasons included; each refusal names its cause. */
describe('the untrusted-text rule on reasons, labels and agent text', () => {
  let f: ConnectorFixture
  beforeAll(async () => {
    f = await startConnectorFixture()
    await f.profile('ops', { writeTools: true })
    await f.setPolicy('ops', ['--max-per-payout', 'ETH=1'])
  }, 90_000)
  afterAll(async () => {
    await f?.close()
  })

  it('agent stop --reason and policy grant --reason refuse Hangul fillers', async () => {
    const stop = await f.cli(['agent', 'stop', '--profile', 'ops', '--reason', '\u3164\u3164'])
    expect(stop.code).toBe(1)
    expect(stop.stderr).toMatch(/--reason contains U\+3164 HANGUL FILLER/)
    const grant = await f.cli([
      'policy',
      'grant',
      '--profile',
      'ops',
      '--key',
      'g1',
      '--asset',
      'ETH',
      '--max',
      '0.2',
      '--destination',
      DESTINATION,
      '--reason',
      'ok\u115f',
    ])
    expect(grant.code).toBe(1)
    expect(grant.stderr).toMatch(/--reason contains U\+115F HANGUL CHOSEONG FILLER/)
  })

  it('private-use, unassigned and object replacement characters are refused in a label, named', async () => {
    for (const [label, named] of [
      ['Acme\ue000', /U\+E000 \(a private-use character\)/],
      ['Acme\u0378', /U\+0378 \(an unassigned code point\)/],
      ['Acme\ufffc', /U\+FFFC OBJECT REPLACEMENT CHARACTER/],
    ] as const) {
      const r = await f.cli(company(DESTINATION, label))
      expect(r.code, label).toBe(1)
      expect(r.stderr).toMatch(named)
    }
  })

  it("the agent's text is held to the same rule", async () => {
    const agent = await f.connect('ops')
    const answer = await agent.call('create_counterparty', {
      network: ETH.network,
      address: DESTINATION,
      counterparty_type: 'company',
      company_name: 'Plain Name GmbH',
      wallet_type: 'unhosted',
      country: 'DE',
      label: 'Payroll\ue000',
    })
    expect(answer.isError).toBe(true)
    expect(JSON.stringify(answer.content)).toMatch(/U\+E000/)
  })

  it('adding a listed address gives the listing as its reason, first', async () => {
    const list = join(f.home, 'list.csv')
    writeFileSync(list, `network,address,entry\nethereum,${DESTINATION},case 3\n`)
    expect((await f.cli(['screening', 'import', list, '--profile', 'ops', '--name', 'Internal'])).code).toBe(0)
    const r = await f.cli(company(DESTINATION, 'Listed vendor'))
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^error: 0xE9800387E448B82c3064d5146CD8Bb37C2d8EE26 is on the screening list "Internal"/)
    expect(r.stderr).not.toMatch(/known-address index/)
  })
})
