import { afterAll, describe, expect, it } from 'vitest'
import { KeyringSecretStore } from '../../../electron/core/vault'

// Runs under test/with-keychain.sh. Reading a key searches the whole service and then reads each item it found; a key
// of another profile deleted between the two (the app removing a profile, a test tearing down) used to fail the read
// with "Object does not exist at path …", which the user was told as a missing keychain.
const store = new KeyringSecretStore()
const tag = Math.random().toString(16).slice(2)
const account = `p_kept${tag}`

describe('keys of other profiles saved and deleted beside a read', () => {
  afterAll(async () => {
    await store.delete(account)
  })

  it('every read and write answers, none is told the keychain is missing', async () => {
    await store.set(account, 'kept')
    const churn = async (lane: number): Promise<void> => {
      for (let i = 0; i < 25; i++) {
        const other = `p_other${tag}_${lane}_${i}`
        await store.set(other, `secret ${i}`)
        await store.delete(other)
      }
    }
    const reads = async (): Promise<(string | null)[]> => {
      const seen: (string | null)[] = []
      for (let i = 0; i < 60; i++) seen.push(await store.get(account))
      return seen
    }
    const [seen] = await Promise.all([reads(), churn(0), churn(1), churn(2)])
    expect(new Set(seen)).toEqual(new Set(['kept']))
  }, 120_000)
})
