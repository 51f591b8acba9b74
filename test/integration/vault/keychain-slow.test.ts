import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KeyringSecretStore } from '../../../electron/core/vault'
import { lateBy } from '../../harness/late-keychain'

// Runs under test/with-keychain.sh. On a loaded machine the Secret Service answers seconds late; the keyring library
// gives up on its own calls after 2 s, and a keychain that answered 12 s late was reported "missing or locked".
const store = new KeyringSecretStore()
const impatient = new KeyringSecretStore(undefined, 3_000)
const id = Math.random().toString(16).slice(2)
const saved = `p_slow_save${id}`
const read = `p_slow_read${id}`
const deleted = `p_slow_delete${id}`
const kept = `p_slow_kept${id}`

// One 12 s hold answers every call late at once (12 s is past the keyring's 2 s and all its retries): the calls are
// on different accounts, so none waits for another, and the file holds the keychain once instead of once per call.
let late: { save: unknown; read: unknown; delete: unknown; slow: unknown }

describe('a Secret Service that answers late', () => {
  beforeAll(async () => {
    await store.set(saved, 'first')
    await store.set(read, 'there')
    await store.set(deleted, 'gone soon')
    await store.set(kept, 'kept')
    const settled = (call: Promise<unknown>) => call.catch((err: unknown) => err)
    const [save, got, gone, slow] = await lateBy(12_000, () =>
      Promise.all([
        settled(store.set(saved, 'late')),
        settled(store.get(read)),
        settled(store.delete(deleted)),
        settled(impatient.get(kept)),
      ]),
    )
    late = { save, read: got, delete: gone, slow }
  }, 60_000)

  afterAll(async () => {
    for (const account of [saved, read, deleted, kept]) await store.delete(account)
  })

  it('is waited for: a save 12 s late lands, a read 12 s late answers', async () => {
    expect(late.save).toBeUndefined()
    await expect(store.get(saved)).resolves.toBe('late')
    expect(late.read).toBe('there')
  })

  it('a delete 12 s late removes the key', async () => {
    expect(late.delete).toBe(true)
    await expect(store.get(deleted)).resolves.toBeNull()
  })

  it('is said to be slow, not missing or locked, when it does not answer in time', () => {
    expect(late.slow).toMatchObject({ code: 'timeout' })
    expect((late.slow as Error).message).toMatch(/did not answer within 3 s\. It is there but slow/)
    expect((late.slow as Error).message).not.toMatch(/missing or locked/)
  })
})
