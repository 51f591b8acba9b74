import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DESTINATION,
  ETH,
  json,
  startConnectorFixture,
  type Connected,
  type ConnectorFixture,
} from '../connector/connector-fixture'

/** Another middle, the same ends, lower-case: a valid address an attacker could grind. */
function poisoned(address: string, swap = '0'): string {
  const lower = address.toLowerCase()
  const mid = 21
  const c = lower[mid] === swap ? '1' : swap
  return lower.slice(0, mid) + c + lower.slice(mid + 1)
}

const company = (address: string, label: string) => [
  '--network',
  ETH.network,
  '--address',
  address,
  '--type',
  'company',
  '--company-name',
  `${label} Ltd`,
  '--wallet-type',
  'unhosted',
  '--country',
  'DE',
  '--label',
  label,
]

describe('look-alike destinations are refused on every surface (CLI, connector) against the simulator', () => {
  let f: ConnectorFixture
  let agent: Connected
  const add = (args: string[]) => f.cli(['destinations', 'add', '--profile', 'guarded', ...args])

  beforeAll(async () => {
    f = await startConnectorFixture()
    await f.profile('guarded', { writeTools: true })
    const first = await add(company(DESTINATION, 'Acme'))
    expect(first.code, first.stderr).toBe(0)
    agent = await f.connect('guarded')
  }, 60_000)
  afterAll(async () => {
    await f?.close()
  })

  it('the CLI refuses a look-alike of a destination with both addresses shown, and saves nothing', async () => {
    const fake = poisoned(DESTINATION)
    const r = await add(company(fake, 'Acme (new)'))
    expect(r.code).toBe(1)
    expect(r.stderr).toContain(fake)
    expect(r.stderr).toContain(DESTINATION)
    expect(r.stderr).toContain('in the destination book as "Acme"')
    expect(r.stderr).toContain(`--accept-lookalike ${fake}`)
    const book = json(await agent.call('list_counterparties')).data as Array<{ address: string }>
    expect(book.map((c) => c.address.toLowerCase())).not.toContain(fake)
  })

  it('--accept-lookalike must name the new address exactly; then it is saved', async () => {
    const fake = poisoned(DESTINATION, '7')
    const wrong = await add([...company(fake, 'Acme 2'), '--accept-lookalike', DESTINATION])
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toContain('is not the new destination')
    const right = await add([...company(fake, 'Acme 2'), '--accept-lookalike', fake])
    expect(right.code, right.stderr).toBe(0)
    expect(right.stdout).toContain('Registered')
  })

  it('the same address in another spelling is not a look-alike: the provider says it exists', async () => {
    const r = await add(company(DESTINATION.toLowerCase(), 'Acme'))
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toContain('Already in the destination book')
  })

  it('the connector refuses with lookalike_destination naming the entry it resembles, and offers no way to accept', async () => {
    const fake = poisoned(DESTINATION, '5')
    const result = await agent.call('create_counterparty', {
      network: ETH.network,
      address: fake,
      counterparty_type: 'company',
      company_name: 'Acme Ltd',
      wallet_type: 'unhosted',
      country: 'DE',
      label: 'Acme',
    })
    expect(result.isError).toBe(true)
    const { error } = json(result)
    expect(error.code).toBe('lookalike_destination')
    expect(error.message).toContain(DESTINATION)
    expect(error.message).toContain('"Acme"')
    expect(error.message).toContain('Only a person can save it')
  })

  it("the workspace's own deposit address is named as such", async () => {
    const wallets = json(await agent.call('list_wallets')).data as Array<{
      name: string
      deposit_addresses: Array<{ network: string; address: string }>
    }>
    const own = wallets
      .find((w) => w.name === 'Main')!
      .deposit_addresses.find((d) => d.network === ETH.network)!.address
    const r = await add(company(own, 'Ourselves'))
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('this workspace\'s own deposit address as "Main"')
  })

  it('a look-alike of a history counterparty is refused once the ledger holds it', async () => {
    const sync = await f.cli(['history', 'sync', '--profile', 'guarded'])
    expect(sync.code, sync.stderr).toBe(0)
    const legs = json(await agent.call('list_transactions', { limit: 50 })).data as Array<{
      direction: string
      network: string
      from: { address: string }
    }>
    const sender = legs.find((l) => l.direction === 'in' && l.network === ETH.network)!.from.address
    const r = await add(company(poisoned(sender), 'Supplier'))
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('in the transaction history')
  })

  it('a malformed address is refused by the address rules before the guard', async () => {
    const r = await add(company('0x1234', 'Short'))
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('Not a valid Ethereum Sepolia address')
  })
})
