import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cli } from '../../harness/cli-runner'
import { ETH, startConnectorFixture, type ConnectorFixture } from '../connector/connector-fixture'

const VENDOR = '0x6cbd5e7013fad61ee6f9c2d8b7e3f405162738a9'
const OTHER = '0x7dce6f8124ab072ff70ad3e9c8f4051627384a9b'

const company = (address: string, name: string) => [
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
  name,
]

interface Hits {
  destinations: Array<{ id: string; address: string; list: string; entry: string }>
  payouts: Array<{ withdrawalId: string | null; waiting: string; amount: string; list: string }>
}

/** Issue 49.2: a list imported after a destination was saved and paid acts on what is already there. */
describe('a screening import acts on the book and the waiting payouts', () => {
  let f: ConnectorFixture
  beforeAll(async () => {
    f = await startConnectorFixture()
    await f.profile('ops')
    for (const [address, name] of [
      [VENDOR, 'Old Vendor Ltd'],
      [OTHER, 'Clean Partner AG'],
    ] as const)
      expect((await f.cli(company(address, name))).code).toBe(0)
    const book = (await f.console.call('GET', 'counterparties')).body as { data: Array<{ id: string }> }
    for (const c of book.data) await f.console.verify(c.id)
    const sent = await cli(
      f.home,
      ['batch', 'submit', '-', '--profile', 'ops', '--wallet', 'Main', '--yes'],
      `destination,amount,asset,network\n${VENDOR},0.01,ETH,${ETH.network}\n${VENDOR},0.02,ETH,${ETH.network}\n` +
        `${OTHER},0.03,ETH,${ETH.network}\n`,
    )
    expect(sent.code, sent.stderr).toBe(0)
  }, 120_000)
  afterAll(async () => {
    await f?.close()
  })

  it('the import names the listed destination and raises the two waiting payouts to it as an alarm', async () => {
    const list = join(f.home, 'internal.csv')
    writeFileSync(list, `network,address,entry\nethereum,${VENDOR.toUpperCase().replace('0X', '0x')},case 12\n`)
    const r = await f.cli(['screening', 'import', list, '--profile', 'ops', '--name', 'Internal'])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(/^Imported "Internal": 1 address\(es\)\.$/m)
    expect(r.stderr).toMatch(/LISTED: 1 destination\(s\) of the book are on a screening list:/)
    expect(r.stderr).toMatch(/Old Vendor Ltd .* Internal +case 12/)
    expect(r.stderr).toMatch(/ALARM: 2 waiting payout\(s\) go to a listed address:/)
    expect(r.stderr).toContain('payout-desk screening hits --profile ops --cancel')

    const book = await f.cli(['destinations', 'list', '--profile', 'ops'])
    expect(book.code, book.stderr).toBe(0)
    expect(book.stdout).toMatch(/Old Vendor Ltd .* LISTED: "Internal" \(case 12\)/)
    expect(book.stdout).toMatch(/Clean Partner AG .* -$/m)
  })

  it('screening hits lists them (exit 1); --cancel cancels both at the provider in one step', async () => {
    const listed = await f.cli(['screening', 'hits', '--profile', 'ops', '--json'])
    expect(listed.code).toBe(1)
    const hits = JSON.parse(listed.stdout) as Hits
    expect(hits.destinations.map((d) => d.address)).toEqual([VENDOR])
    expect(hits.payouts.map((p) => [p.waiting, p.amount, p.list]).sort()).toEqual([
      ['pending_approval', '0.01', 'Internal'],
      ['pending_approval', '0.02', 'Internal'],
    ])
    const cancelled = await f.cli(['screening', 'hits', '--profile', 'ops', '--cancel'])
    expect(cancelled.stdout.match(/^Cancelled at the provider: /gm)).toHaveLength(2)
    const at = (await f.console.call('GET', 'withdrawals')).body as {
      data: Array<{ id: string; destination: string; status: string }>
    }
    const byStatus = at.data.map((w) => [w.destination.toLowerCase(), w.status]).sort()
    expect(byStatus).toEqual(
      [
        [VENDOR, 'cancelled'],
        [VENDOR, 'cancelled'],
        [OTHER, 'pending_approval'],
      ].sort(),
    )
    const after = JSON.parse((await f.cli(['screening', 'hits', '--profile', 'ops', '--json'])).stdout) as Hits
    expect(after.payouts).toEqual([])
  })
})
