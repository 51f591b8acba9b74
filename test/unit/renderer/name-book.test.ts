import { describe, expect, it } from 'vitest'
import { CounterpartyViewSchema, type CounterpartyView } from '../../../shared/ipc/views'
import { buildNameBook } from '../../../renderer/src/names/name-book'

const ADDRESS = '0x1111111111111111111111111111111111111111'
const acme: CounterpartyView = CounterpartyViewSchema.parse({
  id: 'cp-1',
  label: 'Acme Supplies',
  network: 'ethereum-sepolia',
  network_name: 'Ethereum Sepolia',
  address: ADDRESS,
  direction: 'send',
  status: 'verified',
  can_send: true,
  verified_at: '2026-11-23T07:00:00Z',
  counterparty_type: 'company',
  company_name: 'Acme',
  wallet_type: 'vasp',
  vasp_name: 'Bank',
  country: 'DE',
  created_at: '2026-11-23T07:00:00Z',
})

describe('the name book before and after its reads', () => {
  it('does not call a party an outside address while the book is still being read', () => {
    const book = buildNameBook([], [], { wallets: 'read', book: 'loading' })
    expect(book.address(ADDRESS, 'ethereum-sepolia')).toEqual({ kind: 'unread', failed: false })
  })

  it('says the book was not read when its read failed', () => {
    const book = buildNameBook([], [], { wallets: 'failed', book: 'read' })
    expect(book.address(ADDRESS)).toEqual({ kind: 'unread', failed: true })
  })

  it('names the destination once the book is read, and only then calls the rest outside', () => {
    const book = buildNameBook([], [acme], { wallets: 'read', book: 'read' })
    expect(book.address(ADDRESS.toUpperCase().replace('0X', '0x'), 'ethereum-sepolia')).toMatchObject({
      kind: 'destination',
    })
    expect(book.address('0x2222222222222222222222222222222222222222')).toBeNull()
  })
})

describe('the wallets behind the names', () => {
  it('tells whether they were read, so an id not found yet is not called an unknown wallet', () => {
    expect(buildNameBook([], [], { wallets: 'loading', book: 'read' }).reads.wallets).toBe('loading')
    expect(buildNameBook([], []).reads).toEqual({ wallets: 'read', book: 'read' })
  })
})
