import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approverWords } from '../../../shared/address/approver-words'
import { cli } from '../../harness/cli-runner'

describe('payout-desk words', () => {
  let home: string
  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'words-'))
  })
  afterAll(async () => {
    await rm(home, { recursive: true, force: true })
  })

  it('prints the words the app shows, for any spelling of the address', async () => {
    const address = '0xE9800387E448B82c3064d5146CD8Bb37C2d8EE26'
    const r = await cli(home, ['words', '--network', 'ethereum-sepolia', address])
    expect(r).toEqual({ code: 0, stdout: `${approverWords('ethereum-sepolia', address).join(' ')}\n`, stderr: '' })
    expect((await cli(home, ['words', '--network', 'ethereum-sepolia', address.toLowerCase()])).stdout).toBe(r.stdout)
  })

  it('refuses an unknown network or a malformed address instead of printing words for it', async () => {
    const badNetwork = await cli(home, ['words', '--network', 'dogecoin', 'D8vFz4p1L37jdg47HXKtSHA5uYLYxbGgPD'])
    expect(badNetwork.code).toBe(1)
    expect(badNetwork.stderr).toContain('"dogecoin" is not a network id')
    const badAddress = await cli(home, ['words', '--network', 'tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T'])
    expect(badAddress.code).toBe(1)
    expect(badAddress.stderr).toContain('is not a valid tron address')
    expect((await cli(home, ['words', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'])).code).toBe(2)
  })
})
