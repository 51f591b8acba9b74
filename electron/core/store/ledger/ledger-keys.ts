/**
 * Movement ids and tx hashes as the ledger stores them (migration 13): a lowercase UUID as its 16 bytes, a lowercase
 * hex hash as its bytes after one tag byte (1: bare, 2: with 0x), anything else as the text it is. Only forms that
 * come back character for character are packed; the bytes are read back through Buffer's hex.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** Completes a prefix into a UUID's shape, to tell whether the prefix can start one. */
const UUID_SHAPE = '00000000-0000-0000-0000-000000000000'
const BARE_HEX = /^(?:[0-9a-f]{2})+$/
const HEX_TAG = 1
const PREFIXED_TAG = 2
const PREFIX = '0x'

/** A blob range [low, high) for a prefix search over an index. */
export interface BlobRange {
  low: Uint8Array
  high: Uint8Array
}

/**
 * The id index's key of a stored id (migration 17): a packed id's first 2 and last 2 bytes (its start, for a search by
 * the start of an id; its end, where ids made in sequence or by time differ; || makes text, so it is cast back), a text
 * id whole.
 * A lookup then compares the whole id.
 */
export const ID_KEY_SQL = (id: string) =>
  `(CASE WHEN typeof(${id}) = 'blob' THEN CAST(substr(${id}, 1, ${ID_HEAD}) || substr(${id}, ${17 - ID_HEAD}, ` +
  `${ID_HEAD}) AS BLOB) ELSE ${id} END)`
const ID_HEAD = 2

/** ID_KEY_SQL of a stored id, to bind. */
export function idIndexKey(stored: string | Uint8Array): string | Uint8Array {
  return typeof stored === 'string'
    ? stored
    : Buffer.concat([stored.subarray(0, ID_HEAD), stored.subarray(16 - ID_HEAD, 16)])
}

/** The id index's keys a blob range [low, high) of packed ids lies between (inclusive): its start, then any end. */
export function idIndexRange(r: BlobRange): [Uint8Array, Uint8Array] {
  return [r.low.subarray(0, ID_HEAD), Buffer.concat([r.high.subarray(0, ID_HEAD), Buffer.alloc(ID_HEAD, 0xff)])]
}

export function idKey(id: string): string | Uint8Array {
  return UUID.test(id) ? Buffer.from(id.replaceAll('-', ''), 'hex') : id
}

export function idText(stored: unknown): unknown {
  if (!(stored instanceof Uint8Array) || stored.length !== 16) return stored
  const hex = Buffer.from(stored.buffer, stored.byteOffset, stored.length).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export function hashKey(hash: string | null): string | Uint8Array | null {
  if (hash === null) return null
  if (hash.startsWith(PREFIX) && BARE_HEX.test(hash.slice(PREFIX.length)))
    return Buffer.concat([Buffer.of(PREFIXED_TAG), Buffer.from(hash.slice(PREFIX.length), 'hex')])
  return BARE_HEX.test(hash) ? Buffer.concat([Buffer.of(HEX_TAG), Buffer.from(hash, 'hex')]) : hash
}

export function hashText(stored: unknown): unknown {
  if (!(stored instanceof Uint8Array) || stored.length < 2) return stored
  const hex = Buffer.from(stored.buffer, stored.byteOffset + 1, stored.length - 1).toString('hex')
  return stored[0] === PREFIXED_TAG ? `${PREFIX}${hex}` : stored[0] === HEX_TAG ? hex : stored
}

/**
 * Every blob starting with `head` and nothing else: [head, head + 1). The head never is all 0xff (it starts with a tag
 * or a prefix of hex).
 */
function startingWith(head: Buffer): BlobRange {
  const high = Buffer.from(head)
  let i = high.length - 1
  while (i >= 0 && high[i] === 0xff) i--
  high[i] = high[i]! + 1
  return { low: head, high: high.subarray(0, i + 1) }
}

/**
 * The blobs whose bytes (after `tag`) start with the hex digits of `hex`, an odd last digit standing for its sixteen
 * bytes.
 */
function hexPrefixRange(tag: number[], hex: string): BlobRange {
  const even = hex.length - (hex.length % 2)
  const head = Buffer.concat([Buffer.from(tag), Buffer.from(hex.slice(0, even), 'hex')])
  if (even === hex.length) return startingWith(head)
  const low = Buffer.concat([head, Buffer.from(`${hex[even]}0`, 'hex')])
  const last = low[low.length - 1]!
  return last === 0xf0
    ? { low, high: startingWith(head).high }
    : { low, high: Buffer.concat([head, Buffer.of(last + 0x10)]) }
}

/** Packed ids a lowercase search text starts (null when it cannot start a UUID). */
export function idRange(needle: string): BlobRange | null {
  if (needle.length === 0 || needle.length > UUID_SHAPE.length || !UUID.test(needle + UUID_SHAPE.slice(needle.length)))
    return null
  return hexPrefixRange([], needle.replaceAll('-', ''))
}

/**
 * Packed hashes a lowercase search text starts: bare hex ones, and 0x ones when the text is hex after 0x or starts 0x.
 */
export function hashRanges(needle: string): BlobRange[] {
  const ranges: BlobRange[] = []
  if (/^[0-9a-f]+$/.test(needle)) ranges.push(hexPrefixRange([HEX_TAG], needle))
  if (needle.startsWith(PREFIX) && /^[0-9a-f]*$/.test(needle.slice(PREFIX.length)))
    ranges.push(hexPrefixRange([PREFIXED_TAG], needle.slice(PREFIX.length)))
  else if (PREFIX.startsWith(needle)) ranges.push(startingWith(Buffer.of(PREFIXED_TAG)))
  return ranges
}
