import { DeskError } from '../errors'
import type { Algorithm, Profile } from '../profiles/profile'
import { createEd25519Signer, createHmacSigner, ed25519PublicKey, type Signer } from '../signing'
import { validateHmacSecret } from './hmac-secret'
import { publicKeyView } from './public-key-view'
import type { SecretStore } from './secret-store'
import { decodeStoredSecret, encodeEd25519, encodeHmac, type StoredSecret } from './stored-secret'
import type { PublicKeyView } from '../../../shared/ipc/channels/profiles'

/** The active key, or a rotated one waiting beside it until its Key ID passes the connection test. */
export type KeySlot = 'active' | 'pending'

export function accountFor(profileId: string, slot: KeySlot): string {
  return slot === 'active' ? profileId : `${profileId}:pending`
}

/**
 * The only place secret keys are created and read. Public keys are derived on demand; secret bytes
 * are wiped as soon as they are used (strings returned by the keychain cannot be wiped in JavaScript).
 */
export class Vault {
  constructor(private readonly store: SecretStore) {}

  async generateEd25519(profileId: string, slot: KeySlot): Promise<PublicKeyView> {
    const secret = crypto.getRandomValues(new Uint8Array(32))
    try {
      await this.store.set(accountFor(profileId, slot), encodeEd25519(secret))
      return publicKeyView(ed25519PublicKey(secret))
    } finally {
      secret.fill(0)
    }
  }

  async importHmac(profileId: string, secret: string, slot: KeySlot = 'active'): Promise<void> {
    await this.store.set(accountFor(profileId, slot), encodeHmac(validateHmacSecret(secret)))
  }

  async has(profileId: string, slot: KeySlot): Promise<boolean> {
    return (await this.store.get(accountFor(profileId, slot))) !== null
  }

  async algorithm(profileId: string, slot: KeySlot): Promise<Algorithm | null> {
    const stored = await this.read(profileId, slot)
    if (!stored) return null
    wipe(stored)
    return stored.algorithm
  }

  async publicKey(profileId: string, slot: KeySlot): Promise<PublicKeyView> {
    const stored = await this.read(profileId, slot)
    if (!stored) throw noKey(slot)
    if (stored.algorithm !== 'ed25519') {
      throw new DeskError('not_supported', 'This profile uses a legacy HMAC secret, which has no public key to show.')
    }
    try {
      return publicKeyView(ed25519PublicKey(stored.bytes))
    } finally {
      wipe(stored)
    }
  }

  /** A signer for one key; the caller keeps it while the profile is open and disposes it afterwards. */
  async openSigner(profile: Pick<Profile, 'id' | 'keyId' | 'pendingKey'>, slot: KeySlot = 'active'): Promise<Signer> {
    const stored = await this.read(profile.id, slot)
    if (!stored) throw noKey(slot)
    try {
      const keyId = slot === 'active' ? profile.keyId : (profile.pendingKey?.keyId ?? null)
      if (!keyId) {
        throw new DeskError(
          'no_key_id',
          'This key has no Key ID yet. Register the public key in the console and enter the Key ID it shows.',
        )
      }
      return stored.algorithm === 'ed25519'
        ? createEd25519Signer(keyId, stored.bytes)
        : createHmacSigner(keyId, stored.secret)
    } finally {
      wipe(stored)
    }
  }

  /** The pending key becomes the active one; the old active key is gone for good. */
  async promotePending(profileId: string): Promise<void> {
    const pending = await this.store.get(accountFor(profileId, 'pending'))
    if (pending === null) throw noKey('pending')
    await this.store.set(accountFor(profileId, 'active'), pending)
    // The swap is done once the active slot holds the new key; a pending copy the keychain would not delete
    // is the same key, overwritten by the next rotation and removed with the profile.
    await this.store.delete(accountFor(profileId, 'pending')).catch(() => false)
  }

  async delete(profileId: string, slot: KeySlot): Promise<boolean> {
    return this.store.delete(accountFor(profileId, slot))
  }

  /** The profile's signing keys; secrets filed beside them (notification channels') stay. */
  async deleteAll(profileId: string): Promise<void> {
    await this.store.delete(accountFor(profileId, 'pending'))
    await this.store.delete(accountFor(profileId, 'active'))
  }

  /**
   * Every secret of a profile that goes: its keys and whatever is filed beside them under `<profile-id>:` (a
   * notification channel's URL or SMTP password), found in the keychain itself so none is left for a channel the
   * profile's store no longer names.
   */
  async deleteProfile(profileId: string): Promise<void> {
    await this.deleteAll(profileId)
    const beside = (await this.store.accounts()).filter((a) => a.startsWith(`${profileId}:`))
    for (const account of beside) await this.store.delete(account)
  }

  private async read(profileId: string, slot: KeySlot): Promise<StoredSecret | null> {
    const value = await this.store.get(accountFor(profileId, slot))
    return value === null ? null : decodeStoredSecret(value)
  }
}

function wipe(stored: StoredSecret): void {
  if (stored.algorithm === 'ed25519') stored.bytes.fill(0)
}

function noKey(slot: KeySlot): DeskError {
  return slot === 'active'
    ? new DeskError(
        'key_not_found',
        'This profile has no key yet. Generate one (or import an HMAC secret) in Keys & profiles.',
      )
    : new DeskError('key_not_found', 'This profile has no rotated key waiting. Start a rotation first.')
}
