import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Counterparty, Withdrawal } from '../../../shared/api/resources'
import { recordedDifferences } from '../../../shared/payouts/recorded-vs-asked'
import { normalisePayee, payeeChangeOf } from '../../../electron/core/payee-checks/payee-change'
import { screeningKey } from '../../../electron/core/screening/address-key'
import { readListCsv, readScreeningFile, readSdnXml } from '../../../electron/core/screening/list-file'

const SDN = readFileSync(join(import.meta.dirname, '../../fixtures/screening/sdn-small.xml'), 'utf8')

describe('screening lists', () => {
  it("reads OFAC's sdn.xml: every Digital Currency Address id, as text, with its entry; other ids are not addresses", () => {
    const list = readSdnXml(SDN)
    expect(list.published).toBe('11/20/2026')
    expect(list.addresses.map(({ key: _key, ...a }) => a)).toEqual([
      { address: '0x8589427373D6D84E98730D7795D8f6f8731FDA16', currency: 'ETH', entry: 'SDN 90001 EXAMPLE MIXER' },
      { address: 'bc1qa5wkgaew2dkv56kfvj49j0av5nml45x9ek9hz6', currency: 'XBT', entry: 'SDN 90001 EXAMPLE MIXER' },
      { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', currency: 'TRX', entry: 'SDN 90002 Jane DOE' },
    ])
    expect(list.notAddresses).toEqual([])
    expect(readScreeningFile(SDN).addresses).toHaveLength(3)
  })

  it('refuses what is not a list, naming why', () => {
    expect(() => readSdnXml('<sdnList><sdnEntry><uid>1</uid>')).toThrow(/not well-formed XML|names no digital currency/)
    expect(() => readSdnXml('<other/>')).toThrow(/not an SDN list/)
    expect(() => readListCsv('network,address\nethereum-sepolia,0xab\u202ecd\n')).toThrow(/line 2: address .* U\+202E/)
    expect(() => readListCsv('chain,wallet\nx,y\n')).toThrow(/no network, address column/)
  })

  it('reads a plain CSV of network and address', () => {
    const list = readListCsv('network,address,entry\ntron,TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t,case 7\ntron,T123,x\n')
    expect(list.addresses).toEqual([
      {
        address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        currency: 'tron',
        entry: 'case 7',
        key: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      },
    ])
    expect(list.notAddresses).toEqual([{ address: 'T123', currency: 'tron', entry: 'x' }])
  })

  it('screens an EVM account on every network and in any letter case; base58 exactly', () => {
    expect(screeningKey('0x8589427373D6D84E98730D7795D8f6f8731FDA16')).toBe(
      screeningKey('0x8589427373d6d84e98730d7795d8f6f8731fda16'),
    )
    expect(screeningKey('BC1QA5WKGAEW2DKV56KFVJ49J0AV5NML45X9EK9HZ6')).toBe(
      'bc1qa5wkgaew2dkv56kfvj49j0av5nml45x9ek9hz6',
    )
    expect(screeningKey(' 0X8589427373D6D84E98730D7795D8F6F8731FDA16\u200b')).toBe(
      '0x8589427373d6d84e98730d7795d8f6f8731fda16',
    )
    expect(screeningKey('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).not.toBe(
      screeningKey('tr7nhqjekqxgtci8q8zy4pl8otszgjlj6t'),
    )
  })
})

const counterparty = (id: string, address: string, company: string, createdAt: string): Counterparty => ({
  id,
  label: company,
  network: 'ethereum-sepolia',
  network_name: 'Ethereum Sepolia',
  address,
  direction: 'send',
  status: 'verified',
  can_send: true,
  verified_at: createdAt,
  counterparty_type: 'company',
  company_name: company,
  wallet_type: 'unhosted',
  country: 'DE',
  created_at: createdAt,
})

describe('payee changes', () => {
  const old = counterparty(
    'c1',
    '0x1111111111111111111111111111111111111111',
    'Acme Supplies GmbH',
    '2026-11-01T00:00:00Z',
  )
  const fresh = counterparty(
    'c2',
    '0x2222222222222222222222222222222222222222',
    'ACME  supplies gmbh.',
    '2026-11-28T00:00:00Z',
  )
  const at = (iso: string) => ({ waitHours: 24, confirmation: null, paidBefore: false, now: new Date(iso) })
  const confirmation = {
    destinationId: 'c2',
    confirmedBy: 'Dana',
    channel: 'phone',
    note: 'called back',
    confirmedAt: '2026-11-28T01:00:00Z',
    recordedBy: 'cli (dana)',
  }

  it('one payee whatever the spelling', () =>
    expect(normalisePayee('ACME  supplies gmbh.')).toBe(normalisePayee('Acme Supplies GmbH')))

  it("a known payee's new address waits and needs a confirmation; the first address is no change", () => {
    expect(payeeChangeOf([old, fresh], old, at('2026-11-28T03:00:00Z'))).toBeNull()
    expect(payeeChangeOf([old, fresh], fresh, at('2026-11-28T03:00:00Z'))?.blocked).toBe(
      'new address for ACME  supplies gmbh., added 3 h ago, not yet confirmed, and waiting until 2026-11-29T00:00:00.000Z',
    )
    expect(payeeChangeOf([old, fresh], fresh, at('2026-11-30T00:00:00Z'))?.blocked).toMatch(
      /added 48 h ago, not yet confirmed$/,
    )
    expect(payeeChangeOf([old, fresh], fresh, { ...at('2026-11-28T03:00:00Z'), confirmation })?.blocked).toMatch(
      /confirmed, waiting until/,
    )
    expect(payeeChangeOf([old, fresh], fresh, { ...at('2026-11-29T00:00:01Z'), confirmation })?.blocked).toBeNull()
  })

  it('a completed test payout to the new address settles it', () => {
    expect(payeeChangeOf([old, fresh], fresh, { ...at('2026-11-28T03:00:00Z'), paidBefore: true })?.blocked).toBeNull()
  })
})

describe('what the provider recorded against what was asked', () => {
  const asked = {
    wallet_id: 'w1',
    asset: 'USDC',
    amount: '1.50',
    destination: '0xE9800387E448B82c3064d5146CD8Bb37C2d8EE26',
    network: 'ethereum-sepolia',
  }
  const recorded: Withdrawal = {
    id: '00000000-0000-4000-8000-000000000001',
    status: 'pending_approval',
    wallet_id: 'w1',
    asset: 'USDC',
    amount: '1.5',
    destination: '0xe9800387e448b82c3064d5146cd8bb37c2d8ee26',
    network: 'ethereum-sepolia',
    tx_hash: null,
    created_at: '2026-11-28T00:00:00Z',
    updated_at: '2026-11-28T00:00:00Z',
  }

  it('the same payout in another spelling is the same payout', () =>
    expect(recordedDifferences(asked, recorded)).toEqual([]))

  it('names every field that differs', () => {
    expect(
      recordedDifferences(asked, {
        ...recorded,
        amount: '15',
        network: 'polygon-amoy',
        destination: '0x000000000000000000000000000000000000dEaD',
      }),
    ).toEqual([
      { field: 'amount', asked: '1.50', recorded: '15' },
      { field: 'network', asked: 'ethereum-sepolia', recorded: 'polygon-amoy' },
      { field: 'destination', asked: asked.destination, recorded: '0x000000000000000000000000000000000000dEaD' },
    ])
  })
})
