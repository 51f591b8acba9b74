import { XMLParser } from 'fast-xml-parser'
import { z } from 'zod'
import { quoteInput } from '../../../shared/api/text'
import { plainTextProblem } from '../../../shared/text'
import { cellsByName, readCsvTable } from '../csv/read-table'
import { DeskError } from '../errors'

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
  addresses: ListedAddress[]
}

export const MAX_LIST_BYTES = 200 * 1024 * 1024
const DIGITAL_CURRENCY = /^Digital Currency Address - (.+)$/
const refuse = (message: string) =>
  new DeskError('validation_failed', `The screening list was not imported: ${message}`)

const text = z.union([z.string(), z.number()]).transform((value) => String(value))
const IdSchema = z.object({ idType: text.optional(), idNumber: text.optional() })
const EntrySchema = z.object({
  uid: text.optional(),
  firstName: text.optional(),
  lastName: text.optional(),
  idList: z.object({ id: z.array(IdSchema) }).optional(),
})
const SdnSchema = z.object({
  sdnList: z.object({
    publshInformation: z.object({ Publish_Date: text.optional() }).optional(),
    sdnEntry: z.array(EntrySchema).optional(),
  }),
})

/**
 * OFAC's `sdn.xml` as published: an `id` whose `idType` is `Digital Currency Address - ETH` (`- XBT`, `- TRX`, …)
 * names an address. Tag values stay text (an address is never read as a number); no entity or DTD is resolved.
 */
export function readSdnXml(xml: string): ScreeningFile {
  let parsed: unknown
  try {
    const parser = new XMLParser({
      parseTagValue: false,
      ignoreAttributes: true,
      processEntities: false,
      isArray: (name) => name === 'sdnEntry' || name === 'id',
    })
    parsed = parser.parse(xml, true)
  } catch (err) {
    throw refuse(`the file is not well-formed XML (${(err as Error).message.split('\n')[0]}).`)
  }
  const sdn = SdnSchema.safeParse(parsed)
  if (!sdn.success) throw refuse('the file is XML but not an SDN list (no sdnList element).')
  const addresses: ListedAddress[] = []
  for (const entry of sdn.data.sdnList.sdnEntry ?? []) {
    const name = [entry.firstName, entry.lastName].filter(Boolean).join(' ')
    for (const id of entry.idList?.id ?? []) {
      const currency = DIGITAL_CURRENCY.exec(id.idType ?? '')?.[1]
      const address = id.idNumber?.trim()
      if (!currency || !address) continue
      addresses.push({ address, currency: currency.trim(), entry: `SDN ${entry.uid ?? '?'} ${name}`.trim() })
    }
  }
  if (addresses.length === 0) throw refuse('the SDN list names no digital currency address.')
  return { published: sdn.data.sdnList.publshInformation?.Publish_Date ?? null, addresses }
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
  return { published: null, addresses }
}

/** The file as its first characters say it is: XML (an SDN list) or CSV. */
export const readScreeningFile = (input: string): ScreeningFile =>
  /^\s*(<\?xml|<sdnList)/.test(input.replace(/^\ufeff/, '')) ? readSdnXml(input) : readListCsv(input)
