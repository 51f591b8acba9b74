import { afterEach, describe, expect, it } from 'vitest'
import { KeyringSecretStore } from '../../../electron/core/vault'
import { lateBy } from '../../harness/late-keychain'

// Runs under test/with-keychain.sh. On a loaded machine the Secret Service answers seconds late; the keyring library
// gives up on its own calls after 2 s, and a keychain that answered 12 s late was reported "missing or locked".
const store = new KeyringSecretStore()
const account = `p_slow${Math.random().toString(16).slice(2)}`

describe('a Secret Service that answers late', () => {
  afterEach(async () => {
    await store.delete(account)
  })

  it('is waited for: a save 12 s late lands, a read 12 s late answers it', async () => {
    await store.set(account, 'first')
    await expect(lateBy(12_000, () => store.set(account, 'late'))).resolves.toBeUndefined()
    await expect(lateBy(12_000, () => store.get(account))).resolves.toBe('late')
  }, 60_000)

  it('a delete 12 s late removes the key', async () => {
    await store.set(account, 'gone soon')
    await expect(lateBy(12_000, () => store.delete(account))).resolves.toBe(true)
    await expect(store.get(account)).resolves.toBeNull()
  }, 60_000)

  it('is said to be slow, not missing or locked, when it does not answer in time', async () => {
    await store.set(account, 'kept')
    const impatient = new KeyringSecretStore(undefined, 3_000)
    const err = await lateBy(6_000, () => impatient.get(account).catch((e: unknown) => e))
    expect(err).toMatchObject({ code: 'timeout' })
    expect((err as Error).message).toMatch(/did not answer within 3 s\. It is there but slow/)
    expect((err as Error).message).not.toMatch(/missing or locked/)
  }, 60_000)
})
