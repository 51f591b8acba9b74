import { createPublicKey, verify } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { KEYCHAIN_SERVICE, KeyringSecretStore, Vault } from '../../../electron/core/vault'

// Runs under test/with-keychain.sh: a private D-Bus session with an unlocked gnome-keyring.
const store = new KeyringSecretStore()
const vault = new Vault(store)
const uid = () => `p_test${Math.random().toString(16).slice(2)}`

function stored(account: string): string | null {
  try {
    return (
      execFileSync('secret-tool', ['lookup', 'service', KEYCHAIN_SERVICE, 'username', account], { encoding: 'utf8' }) ||
      null
    )
  } catch {
    return null
  }
}

describe('vault against the real Secret Service', () => {
  it('round-trips a generated Ed25519 key: only the secret is stored, the public key is derived', async () => {
    const id = uid()
    const view = await vault.generateEd25519(id, 'active')
    expect(view.base64).toMatch(/^[A-Za-z0-9+/]{43}=$/)
    const raw = await store.get(id)
    expect(raw).toMatch(/^ed25519:[A-Za-z0-9+/]{43}=$/)
    expect(raw).not.toContain(view.base64)
    expect(await vault.publicKey(id, 'active')).toEqual(view)

    const signer = await vault.openSigner({ id, keyId: 'key_x', pendingKey: null })
    const pub = createPublicKey({ key: view.pem, format: 'pem' })
    expect(verify(null, Buffer.from('hello'), pub, Buffer.from(signer.sign('hello'), 'base64'))).toBe(true)
    signer.dispose()
    await vault.deleteAll(id)
  })

  it('is visible to other Secret Service clients under service payout-desk, account = profile id', async () => {
    const id = uid()
    await vault.generateEd25519(id, 'active')
    expect(stored(id)).toMatch(/^ed25519:/)
    await vault.deleteAll(id)
    expect(stored(id)).toBeNull()
  })

  it('rotates: the pending key waits beside the active one, then replaces it', async () => {
    const id = uid()
    const active = await vault.generateEd25519(id, 'active')
    const pending = await vault.generateEd25519(id, 'pending')
    expect(pending.base64).not.toBe(active.base64)
    expect(await vault.publicKey(id, 'active')).toEqual(active)
    expect(await vault.publicKey(id, 'pending')).toEqual(pending)
    await vault.promotePending(id)
    expect(await vault.publicKey(id, 'active')).toEqual(pending)
    expect(await vault.has(id, 'pending')).toBe(false)
    await vault.deleteAll(id)
  })

  it('imports an HMAC secret, which has no public key', async () => {
    const id = uid()
    await vault.importHmac(id, 'legacy-secret-123')
    expect(await vault.algorithm(id, 'active')).toBe('hmac')
    await expect(vault.publicKey(id, 'active')).rejects.toMatchObject({ code: 'not_supported' })
    await expect(vault.importHmac(id, ' padded')).rejects.toMatchObject({ code: 'invalid_input' })
    await expect(vault.importHmac(id, 'bad\u0007')).rejects.toMatchObject({ code: 'invalid_input' })
    await vault.deleteAll(id)
  })

  it('deletes: the key is gone and reading it says so', async () => {
    const id = uid()
    await vault.generateEd25519(id, 'active')
    expect(await vault.delete(id, 'active')).toBe(true)
    expect(await vault.has(id, 'active')).toBe(false)
    await expect(vault.publicKey(id, 'active')).rejects.toMatchObject({ code: 'key_not_found' })
    expect(await vault.delete(id, 'active')).toBe(false)
  })

  it('a read of an account while it is being written answers the old or the new value, never "keychain unavailable"', async () => {
    // The quick start writes the new key while the window reloads its profiles (a read of the same account): the read's
    // check against the Secret Service saw the write land between its two steps and called the keychain missing.
    for (let i = 0; i < 5; i++) {
      const id = uid()
      const [, read] = await Promise.allSettled([store.set(id, 'hmac:c2VjcmV0'), store.get(id)])
      expect(read.status === 'fulfilled' ? [null, 'hmac:c2VjcmV0'].includes(read.value) : String(read.reason)).toBe(
        true,
      )
      await store.delete(id)
    }
  })
})
