import { stepRows, type Migration } from './migration'

/** Never part of an address, often pasted into a list: spaces, line breaks, characters that draw as nothing. */
const NOT_AN_ADDRESS_CHAR = /[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu

/** The screening key as this step knew it (its own copy: a migration is a fixed point in time). */
function keyOf(address: string): string {
  const a = address.replace(NOT_AN_ADDRESS_CHAR, '')
  if (/^0x[0-9a-f]{40}$/i.test(a)) return a.toLowerCase()
  if (/^(bc|tb|ltc|bcrt)1[0-9a-z]+$/i.test(a) && (a === a.toLowerCase() || a === a.toUpperCase()))
    return a.toLowerCase()
  return a
}

interface Row {
  address_key: string
  list_id: number
  currency: string
  address: string
}

const isRow = (r: unknown): r is Row =>
  typeof r === 'object' &&
  r !== null &&
  'address_key' in r &&
  typeof r.address_key === 'string' &&
  'list_id' in r &&
  typeof r.list_id === 'number' &&
  'currency' in r &&
  typeof r.currency === 'string' &&
  'address' in r &&
  typeof r.address === 'string'

/**
 * Entries of lists imported before keys ignored `0X`, spaces and invisible characters are keyed again as the address
 * they spell, so they refuse it without a new import; an entry that becomes another's duplicate is dropped.
 */
export const m27: Migration = {
  version: 27,
  name: 'screening entries keyed as the address they spell',
  sql: '',
  after(db) {
    const rows = stepRows(
      db.prepare('SELECT address_key, list_id, currency, address FROM screening_addresses').all(),
      isRow,
      'screening_addresses',
    )
    const where = 'WHERE address_key = ? AND list_id = ? AND currency = ?'
    const rekey = db.prepare(`UPDATE OR IGNORE screening_addresses SET address_key = ? ${where}`)
    const drop = db.prepare(`DELETE FROM screening_addresses ${where}`)
    for (const r of rows) {
      const key = keyOf(r.address)
      if (key === r.address_key) continue
      if (Number(rekey.run(key, r.address_key, r.list_id, r.currency).changes) === 0)
        drop.run(r.address_key, r.list_id, r.currency)
    }
  },
}
