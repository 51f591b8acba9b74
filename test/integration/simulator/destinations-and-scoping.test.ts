import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAddress } from '../../../electron/simulator/chain-formats'
import { osRandom } from '../../../electron/simulator/random-source'
import { companyDestination, ETH, startFixture, type Fixture } from './sim-fixture'

let f: Fixture
beforeAll(async () => {
  f = await startFixture()
})
afterAll(() => f.sim.close())

const post = (b: unknown) => f.api('POST', '/api/v1/counterparties', b)
const addr = (network: string) => makeAddress(network, osRandom)
const EVM_CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'

describe('POST /api/v1/counterparties', () => {
  it('registers a pending destination (201) and returns an existing one on re-post (200, already_exists)', async () => {
    const b = companyDestination('ethereum-sepolia', EVM_CHECKSUMMED)
    const first = await post(b)
    expect(first.status).toBe(201)
    expect(first.body.data).toMatchObject({
      status: 'pending',
      can_send: false,
      verified_at: null,
      direction: 'send',
      network_name: 'Ethereum Sepolia',
    })
    const again = await post({ ...b, label: 'changed' })
    expect(again.status).toBe(200)
    expect(again.body.meta.already_exists).toBe(true)
    expect(again.body.data).toEqual(first.body.data)
    const verified = await f.console.verify(first.body.data.id)
    expect(verified).toMatchObject({ can_send: true })
    expect(verified.verified_at).toMatch(/Z$/)
  })

  const valid: [string, string][] = [
    ['ethereum', EVM_CHECKSUMMED],
    ['polygon', EVM_CHECKSUMMED.toLowerCase()],
    ['bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['bitcoin', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'],
    ['bitcoin-testnet', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'],
    ['tron-nile', addr('tron-nile')],
    ['solana-devnet', '11111111111111111111111111111111'],
  ]
  it.each(valid)('accepts a %s address %s', async (network, address) => {
    expect((await post(companyDestination(network, address))).status).toBe(201)
  })

  const badEvm = EVM_CHECKSUMMED.replace('a', 'A')
  const invalid: [string, string, string][] = [
    ['EVM with a broken checksum', 'ethereum', badEvm],
    ['EVM too short', 'ethereum', '0x1234'],
    ['a mainnet bech32 on testnet', 'bitcoin-testnet', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['bech32 with a bad checksum', 'bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
    [
      'v1 encoded as bech32 not bech32m',
      'bitcoin',
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx',
    ],
    ['Tron with a bad checksum', 'tron', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8'],
    ['Tron as an EVM address', 'tron', EVM_CHECKSUMMED],
    ['Solana of 31 bytes', 'solana', '1111111111111111111111111111111'],
    ['Solana with a 0', 'solana', '0'.repeat(32)],
    ['an unknown network', 'dogecoin', 'D8vFz4p1L37jdg47HXKtSHA5uYLYxbGgPD'],
  ]
  it.each(invalid)('refuses %s', async (_name, network, address) => {
    const res = await post(companyDestination(network, address))
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('validation_failed')
  })

  const base = () => companyDestination('ethereum', addr('ethereum'))
  const bodies: [string, () => unknown][] = [
    ['an unknown field', () => ({ ...base(), nickname: 'x' })],
    ['a lowercase country', () => ({ ...base(), country: 'de' })],
    ['an unassigned country code', () => ({ ...base(), country: 'XX' })],
    ['a company without company_name', () => ({ ...base(), company_name: undefined })],
    ['an individual without last_name', () => ({ ...base(), counterparty_type: 'individual', first_name: 'A' })],
    ['a vasp wallet without vasp_name', () => ({ ...base(), wallet_type: 'vasp' })],
    ['a label of 121 characters', () => ({ ...base(), label: 'x'.repeat(121) })],
    ['a company_name of 121 characters', () => ({ ...base(), company_name: 'x'.repeat(121) })],
    ['a vasp_name of 121 characters', () => ({ ...base(), wallet_type: 'vasp', vasp_name: 'x'.repeat(121) })],
    ['an address of 129 characters', () => ({ ...base(), address: 'a'.repeat(129) })],
    ['a network of 129 characters', () => ({ ...base(), network: 'n'.repeat(129) })],
    ['direction receive', () => ({ ...base(), direction: 'receive' })],
    ['a missing wallet_type', () => ({ ...base(), wallet_type: undefined })],
    ['an array body', () => [base()]],
    ['malformed JSON', () => '{"network":'],
  ]
  it.each(bodies)('refuses %s', async (_name, b) => {
    const res = await post(b())
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('validation_failed')
  })

  it('accepts names of exactly 120 characters and an individual with a vasp wallet', async () => {
    const b = {
      ...base(),
      counterparty_type: 'individual',
      company_name: undefined,
      first_name: 'x'.repeat(120),
      last_name: 'y',
      wallet_type: 'vasp',
      vasp_name: 'v'.repeat(120),
      label: 'l'.repeat(120),
    }
    expect((await post(b)).status).toBe(201)
  })

  it('refuses a body over 64 KiB with 413 and accepts the request before it', async () => {
    const big = JSON.stringify({ ...base(), label: 'x'.repeat(70 * 1024) })
    const res = await post(big)
    expect(res.status).toBe(413)
    expect(res.body.error.code).toBe('request_too_large')
    expect((await f.api('GET', '/api/v1/counterparties')).status).toBe(200)
  })
})

describe('scoping', () => {
  it('shows a key only its own workspace, not a child workspace', async () => {
    const mine = await f.console.createWallet(f.workspaceId, 'Mine', [ETH])
    const child = await f.console.createWorkspace('Child', { parent_id: f.workspaceId })
    const childWallet = await f.console.createWallet(child.id, 'Child wallet', [ETH])
    const list = (await f.api('GET', '/api/v1/wallets')).body.data.map((w: { id: string }) => w.id)
    expect(list).toContain(mine.id)
    expect(list).not.toContain(childWallet.id)
    const foreign = await f.api('GET', `/api/v1/wallets/${childWallet.id}`)
    const unknown = await f.api('GET', '/api/v1/wallets/wal-unknown')
    expect(foreign.status).toBe(404)
    expect(foreign.body).toEqual(unknown.body)
    expect((await f.api('GET', `/api/v1/wallets/${'w'.repeat(129)}`)).status).toBe(400)
  })

  it('answers every response with X-Request-Id, Cache-Control no-store and the envelope', async () => {
    for (const path of ['/api/v1/wallets', '/api/v1/nothing', '/api/v1/wallets?x=1']) {
      const res = await f.api('GET', path)
      expect(res.headers.get('x-request-id')).toBeTruthy()
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(res.status === 200 ? 'data' in res.body : typeof res.body.error.code === 'string').toBe(true)
    }
  })
})
