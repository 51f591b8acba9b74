import { closeSync, openSync, writeFileSync, writeSync, ftruncateSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ETH, startConnectorFixture, type ConnectorFixture } from '../connector/connector-fixture'

const UPPER = '0x1d6e0f2bc8a5e1c9b1a4d7e3c2f8a9b0c1d2e3f4'
const SPACED = '0x2e7f1a3cd9b6f2daa2b5e8f4d3a9b0c1d2e3f405'
const ZERO_WIDTH = '0x3f8a2b4de0c7a3ebb3c6f9a5e4b0c1d2e3f40516'

const sdn = (ids: string[]) =>
  '<?xml version="1.0" standalone="yes"?>\n<sdnList xmlns="http://tempuri.org/sdnList.xsd">\n' +
  '<publshInformation><Publish_Date>11/28/2026</Publish_Date></publshInformation>\n' +
  '<sdnEntry><uid>70001</uid><lastName>SPELLING MIXER</lastName><idList>\n' +
  ids
    .map((n, i) => `<id><uid>${i}</uid><idType>Digital Currency Address - ETH</idType><idNumber>${n}</idNumber></id>`)
    .join('\n') +
  '\n</idList></sdnEntry>\n</sdnList>\n'

const company = (address: string, label: string) => [
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
  label,
  '--wallet-type',
  'unhosted',
  '--country',
  'DE',
  '--label',
  label,
]

/** Issue 47.7: a list entry in another spelling is the address it spells; what is no address is named, not counted. */
describe('screening entries as a list writes them', () => {
  let f: ConnectorFixture
  beforeAll(async () => {
    f = await startConnectorFixture()
    await f.profile('ops')
  }, 90_000)
  afterAll(async () => {
    await f?.close()
  })

  it('0X with capitals, a space inside, a zero-width space: each refuses its address; a non-address is named', async () => {
    const file = join(f.home, 'sdn-spellings.xml')
    writeFileSync(
      file,
      sdn([
        `0X${UPPER.slice(2).toUpperCase()}`,
        `${SPACED.slice(0, 20)} ${SPACED.slice(20)}`,
        `${ZERO_WIDTH}\u200b`,
        '0xNOTHEX-not-an-address',
      ]),
    )
    const imported = await f.cli(['screening', 'import', file, '--profile', 'ops', '--name', 'Spellings'])
    expect(imported.code, imported.stderr).toBe(0)
    expect(imported.stdout).toMatch(/^Imported "Spellings": 3 address\(es\), published 11\/28\/2026\.$/m)
    expect(imported.stderr).toMatch(/1 entry is the address of no network and not listed:/)
    expect(imported.stderr).toContain('0xNOTHEX-not-an-address')
    for (const [address, label] of [
      [UPPER, 'Upper'],
      [SPACED, 'Spaced'],
      [ZERO_WIDTH, 'Zero width'],
    ] as const) {
      const r = await f.cli(company(address, label))
      expect(r.code, `${label}: ${r.stdout}`).toBe(1)
      expect(r.stderr).toMatch(/is on the screening list "Spellings" \(SDN 70001 SPELLING MIXER, ETH\)/)
    }
  })

  it('a file over 200 MiB is refused by its size at once, before it is read', async () => {
    const file = join(f.home, 'huge.xml')
    const fd = openSync(file, 'w')
    writeSync(fd, '<?xml version="1.0"?>\n<sdnList>\n')
    ftruncateSync(fd, 201 * 1024 * 1024)
    closeSync(fd)
    const started = Date.now()
    const r = await f.cli(['screening', 'import', file, '--profile', 'ops', '--name', 'Huge'])
    const took = Date.now() - started
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/not imported: the file has 201\.0 MiB; a list has at most 200 MiB/)
    expect(took).toBeLessThan(3_000)
  }, 60_000)
})
