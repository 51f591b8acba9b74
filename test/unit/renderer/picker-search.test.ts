import { describe, expect, it } from 'vitest'
import { searchItems } from '../../../renderer/src/components/picker-search'
import { untrusted } from '../../../shared/text/untrusted-text'

/** Names as a page gets them from the IPC parse. */
const name = (text: string) => untrusted().parse(text)

const items = [
  {
    id: '1',
    name: name('Acme Supplies'),
    more: name('Acme Holdings GmbH'),
    address: '0x52908400098527886E0F7030069857D2E4169EE7',
  },
  { id: '2', name: name('مورد الإمارات'), more: name('شركة'), address: '0x1111111111111111111111111111111111114e2f' },
  { id: '3', name: name('供应商東京'), address: 'TQrZ8tKfjHHX1Yr3mEQbW5ipgFjDkpJ4mN' },
]

describe('searching the destination picker', () => {
  it('finds by label, by owner name and by a fragment of the address in any case', () => {
    expect(searchItems(items, 'acme').map((i) => i.id)).toEqual(['1'])
    expect(searchItems(items, 'holdings').map((i) => i.id)).toEqual(['1'])
    expect(searchItems(items, '9857d2e4').map((i) => i.id)).toEqual(['1'])
    expect(searchItems(items, 'الإمارات').map((i) => i.id)).toEqual(['2'])
    expect(searchItems(items, '東京').map((i) => i.id)).toEqual(['3'])
  })

  it('needs every word typed, in any order, and keeps all for an empty search', () => {
    expect(searchItems(items, '4e2f شركة').map((i) => i.id)).toEqual(['2'])
    expect(searchItems(items, 'acme 4e2f')).toEqual([])
    expect(searchItems(items, '  ')).toHaveLength(3)
  })
})
