import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { SaxesParser } from 'saxes'
import { quoteInput } from '../../../shared/api/text'
import { plainTextProblem } from '../../../shared/text'
import { cellsByName, readCsvTable } from '../csv/read-table'
import { DeskError } from '../errors'
import { listedKey } from './address-key'

/** One listed address with the list entry that names it. */
export interface ListedAddress {
  address: string
  /** What the list calls the currency or network (`ETH`, `XBT`, `ethereum-sepolia`). */
  currency: string
  /** The list's own name for the entry: the SDN entry's uid and name, or the CSV's line. */
  entry: string
}

export interface ScreeningFile {
  /** The list's publication date as it states it, or null when it states none (a CSV). */
  published: string | null
  /** Each entry that is an address of a network, with its screening key. */
  addresses: Array<ListedAddress & { key: string }>
  /** Entries that are the address of no network: named in the import's report, never listed. */
  notAddresses: ListedAddress[]
}

export const MAX_LIST_BYTES = 200 * 1024 * 1024
const MiB = 1024 * 1024
const DIGITAL_CURRENCY = /^Digital Currency Address - (.+)$/
const refuse = (message: string) =>
  new DeskError('validation_failed', `The screening list was not imported: ${message}`)

/** Refuses a list over the limit by its size alone, before a byte of it is read. */
export function checkListSize(bytes: number): void {
  if (bytes > MAX_LIST_BYTES)
    throw refuse(`the file has ${(bytes / MiB).toFixed(1)} MiB; a list has at most ${MAX_LIST_BYTES / MiB} MiB.`)
}

function sorted(entries: readonly ListedAddress[], published: string | null): ScreeningFile {
  const out: ScreeningFile = { published, addresses: [], notAddresses: [] }
  for (const e of entries) {
    const key = listedKey(e.address)
    if (key) out.addresses.push({ ...e, key })
    else out.notAddresses.push(e)
  }
  return out
}

/**
 * OFAC's `sdn.xml` as published, read as a stream (a list of any size holds only its addresses in memory): an `id`
 * whose `idType` is `Digital Currency Address - ETH` (`- XBT`, `- TRX`, …) names an address. No entity or DTD is
 * resolved.
 */
class SdnReader {
  private readonly parser = new SaxesParser({ position: false })
  private readonly path: string[] = []
  private readonly entries: ListedAddress[] = []
  private published: string | null = null
  private entry = { uid: '', first: '', last: '' }
  private id = { type: '', number: '' }
  private sawRoot = false

  constructor() {
    this.parser.on('opentag', (tag) => {
      const name = tag.name.replace(/^.*:/, '')
      if (this.path.length === 0 && name !== 'sdnList')
        throw refuse('the file is XML but not an SDN list (no sdnList element).')
      this.sawRoot = true
      if (name === 'sdnEntry') this.entry = { uid: '', first: '', last: '' }
      if (name === 'id') this.id = { type: '', number: '' }
      this.path.push(name)
    })
    this.parser.on('text', (text) => this.text(text))
    this.parser.on('cdata', (text) => this.text(text))
    this.parser.on('closetag', () => {
      if (this.path.pop() !== 'id') return
      const currency = DIGITAL_CURRENCY.exec(this.id.type.trim())?.[1]?.trim()
      const address = this.id.number.trim()
      if (!currency || !address) return
      const name = [this.entry.first.trim(), this.entry.last.trim()].filter(Boolean).join(' ')
      this.entries.push({ address, currency, entry: `SDN ${this.entry.uid.trim() || '?'} ${name}`.trim() })
    })
  }

  private text(text: string): void {
    const [parent, self] = this.path.slice(-2)
    if (parent === 'publshInformation' && self === 'Publish_Date') this.published = (this.published ?? '') + text
    else if (parent === 'sdnEntry' && self === 'uid') this.entry.uid += text
    else if (parent === 'sdnEntry' && self === 'firstName') this.entry.first += text
    else if (parent === 'sdnEntry' && self === 'lastName') this.entry.last += text
    else if (parent === 'id' && self === 'idType') this.id.type += text
    else if (parent === 'id' && self === 'idNumber') this.id.number += text
  }

  write(chunk: string): void {
    try {
      this.parser.write(chunk)
    } catch (err) {
      throw err instanceof DeskError ? err : notXml(err)
    }
  }

  close(): ScreeningFile {
    try {
      this.parser.close()
    } catch (err) {
      throw err instanceof DeskError ? err : notXml(err)
    }
    if (!this.sawRoot) throw refuse('the file is XML but not an SDN list (no sdnList element).')
    if (this.entries.length === 0) throw refuse('the SDN list names no digital currency address.')
    return sorted(this.entries, this.published?.trim() || null)
  }
}

const notXml = (err: unknown) => refuse(`the file is not well-formed XML (${(err as Error).message.split('\n')[0]}).`)

export function readSdnXml(xml: string): ScreeningFile {
  const reader = new SdnReader()
  reader.write(xml.replace(/^\ufeff/, ''))
  return reader.close()
}

/** A plain list: a CSV of `network, address` (an optional `entry` column names why each is listed). */
export function readListCsv(input: string): ScreeningFile {
  const table = readCsvTable(input, {
    what: 'a screening list',
    maxBytes: MAX_LIST_BYTES,
    maxRows: 1_000_000,
    required: ['network', 'address'],
    known: ['network', 'address', 'entry'],
    optionalHint: 'optional: entry',
  })
  if (!table.ok) throw refuse(`line ${table.problem.line}: ${table.problem.message}`)
  const addresses = table.records.map(({ line, cells }) => {
    if (cells.length !== table.header.length)
      throw refuse(`line ${line} has ${cells.length} cells; the header has ${table.header.length}.`)
    const row = cellsByName<'network' | 'address' | 'entry'>(table.header, cells)
    const address = (row.address ?? '').trim()
    const problem = plainTextProblem(address) ?? (address === '' ? 'is empty' : null)
    if (problem) throw refuse(`line ${line}: address ${quoteInput(address)} ${problem}.`)
    return { address, currency: (row.network ?? '').trim(), entry: row.entry?.trim() || `line ${line}` }
  })
  return sorted(addresses, null)
}

const looksXml = (start: string) => /^\s*(<\?xml|<sdnList)/.test(start.replace(/^\ufeff/, ''))

/** The file as its first characters say it is: XML (an SDN list) or CSV. */
export const readScreeningFile = (input: string): ScreeningFile => {
  checkListSize(Buffer.byteLength(input))
  return looksXml(input.slice(0, 512)) ? readSdnXml(input) : readListCsv(input)
}

/**
 * A list file on disk: its size checked before it is opened, an SDN list parsed as it streams by (never held whole),
 * a CSV (at most the same size) read whole.
 */
export async function readScreeningPath(path: string): Promise<ScreeningFile> {
  checkListSize((await stat(path)).size)
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1024 * 1024 })
  let reader: SdnReader | null = null
  let csv = ''
  let first = true
  for await (const chunk of stream as AsyncIterable<string>) {
    if (first) reader = looksXml(chunk.slice(0, 512)) ? new SdnReader() : null
    const text = first ? chunk.replace(/^\ufeff/, '') : chunk
    first = false
    if (reader) reader.write(text)
    else csv += text
  }
  return reader ? reader.close() : readListCsv(csv)
}
