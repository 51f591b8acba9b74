import { describe, expect, it } from 'vitest'
import { hashPassphrase, passphraseMatches, SCRYPT_PARAMS } from '../../../electron/core/people/passphrase-hash'

describe("a passphrase hash's cost", () => {
  it("is the product's unless a test asks for less, and the hash records the cost its check reads back", async () => {
    expect(await hashPassphrase('correct horse')).toMatchObject({ algorithm: 'scrypt', ...SCRYPT_PARAMS })
    const cheap = await hashPassphrase('correct horse', { N: 2 ** 10, r: 8, p: 1 })
    expect(cheap).toMatchObject({ N: 1024, r: 8, p: 1 })
    expect(await passphraseMatches('correct horse', cheap)).toBe(true)
    expect(await passphraseMatches('correct horsf', cheap)).toBe(false)
  })
})
