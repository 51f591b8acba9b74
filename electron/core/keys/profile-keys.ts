import type { ConnectionResult, ProfileView, PublicKeyView } from '../../../shared/ipc/channels/profiles'
import { DeskError } from '../errors'
import { profileView, validateKeyId, type NewProfile, type Profile, type ProfileStore } from '../profiles'
import type { Signer } from '../signing'
import { validateHmacSecret, type KeySlot, type Vault } from '../vault'
import { testConnection } from './connection-test'
import type { KeyEvent } from './key-audit'

export interface ProfileKeysOptions {
  profiles: ProfileStore
  vault: Vault
  /** Called after every change to profiles or keys (the desk turns it into `profiles.changed`). */
  onChange?: () => void
  /** Local clock for the connection test, in milliseconds. */
  now?: () => number
  /** Where a rotation's steps are recorded (the profile's audit log); nowhere without it. */
  keyEvent?: KeyEvent
}

/**
 * Profiles together with their keys: the one place that keeps profiles.json and the keychain in step,
 * used by the IPC handlers and the admin CLI alike. Each change either completes or is rolled back.
 */
export class ProfileKeys {
  readonly profiles: ProfileStore
  readonly vault: Vault

  constructor(private readonly options: ProfileKeysOptions) {
    this.profiles = options.profiles
    this.vault = options.vault
  }

  async view(profile: Profile): Promise<ProfileView> {
    return profileView(profile, await this.vault.has(profile.id, 'active'))
  }

  /** A new profile; with `generateKey` an Ed25519 key is created with it, or neither exists afterwards. */
  async create(input: NewProfile, generateKey: boolean): Promise<Profile> {
    const profile = await this.profiles.add(input)
    if (generateKey) {
      try {
        await this.vault.generateEd25519(profile.id, 'active')
      } catch (err) {
        await this.rollbackCreate(profile.id)
        throw err
      }
    }
    this.changed()
    return profile
  }

  /** Its secrets go first (keys and channels'): if the keychain refuses, the profile stays so nothing is orphaned. */
  async remove(profileId: string): Promise<void> {
    await this.profiles.get(profileId)
    await this.vault.deleteProfile(profileId)
    await this.profiles.remove(profileId)
    this.changed()
  }

  /**
   * A fresh Ed25519 key. Refused when the profile has a registered key (that one must be rotated), and when it has
   * a key still waiting for its Key ID unless `replace`: that public key may already be pasted in the console.
   */
  async generate(profileId: string, options: { replace?: boolean } = {}): Promise<PublicKeyView> {
    const profile = await this.profiles.get(profileId)
    if (await this.vault.has(profileId, 'active')) {
      if (profile.keyId)
        throw new DeskError(
          'key_exists',
          `Profile "${profile.name}" already has a registered key (${profile.keyId}). Rotate it, or delete it first.`,
        )
      if (!options.replace) {
        const fingerprint = await this.vault.publicKey(profileId, 'active').then(
          (v) => ` (fingerprint ${v.fingerprint})`,
          () => '',
        )
        throw new DeskError(
          'key_exists',
          `Profile "${profile.name}" already has a key waiting for its Key ID${fingerprint}; it may already be ` +
            `registered in the console. Set its Key ID, or replace it explicitly.`,
        )
      }
    }
    const view = await this.vault.generateEd25519(profileId, 'active')
    await this.profiles.update(profileId, { algorithm: 'ed25519', keyId: null })
    this.changed()
    return view
  }

  async publicKey(profileId: string, slot: KeySlot): Promise<PublicKeyView> {
    await this.profiles.get(profileId)
    return this.vault.publicKey(profileId, slot)
  }

  /**
   * Records the Key ID of a key. Replacing the active key's Key ID (a profile that signs today) needs `replace`, and
   * the
   * new Key ID must pass the connection test first: a mistyped one would otherwise leave the profile failing with 401.
   */
  async setKeyId(
    profileId: string,
    rawKeyId: string,
    slot: KeySlot,
    options: { replace?: boolean } = {},
  ): Promise<Profile> {
    const profile = await this.profiles.get(profileId)
    const keyId = validateKeyId(rawKeyId)
    if (!(await this.vault.has(profileId, slot))) {
      throw new DeskError(
        'key_not_found',
        slot === 'active'
          ? 'Generate a key for this profile before entering its Key ID.'
          : 'There is no rotated key waiting for a Key ID. Start a rotation first.',
      )
    }
    const patch = slot === 'active' ? { keyId } : { pendingKey: { keyId } }
    if (slot === 'pending' && !profile.pendingKey)
      throw new DeskError('key_not_found', 'There is no rotation in progress for this profile.')
    const replacing = slot === 'active' && profile.keyId !== null && profile.keyId !== keyId
    if (replacing) await this.checkReplacement(profile, keyId, options.replace === true)
    const updated = await this.profiles.update(profileId, patch)
    if (replacing) this.options.keyEvent?.(profile, 'key.key_id_replaced', { from: profile.keyId, to: keyId })
    this.changed()
    return updated
  }

  private async checkReplacement(profile: Profile, keyId: string, confirmed: boolean): Promise<void> {
    if (!confirmed) {
      throw new DeskError(
        'confirmation_required',
        `Profile "${profile.name}" signs with the Key ID ${profile.keyId}. Replacing it needs a confirmation; ` +
          `the new Key ID is tested with the provider first, and ${profile.keyId} stays if the test fails.`,
      )
    }
    const signer = await this.vault.openSigner({ ...profile, keyId }, 'active')
    let result: ConnectionResult
    try {
      result = await testConnection({ baseUrl: profile.baseUrl, signer, now: this.options.now })
    } finally {
      signer.dispose()
    }
    if (!result.ok) {
      throw new DeskError(
        'key_test_failed',
        `The Key ID ${keyId} did not pass the connection test, so ${profile.keyId} stays in use. ${result.message}`,
      )
    }
  }

  /** A legacy HMAC secret with its Key ID; if the profile cannot be updated the keychain entry is removed again. */
  async importHmac(profileId: string, rawKeyId: string, secret: string): Promise<Profile> {
    const profile = await this.profiles.get(profileId)
    const keyId = validateKeyId(rawKeyId)
    validateHmacSecret(secret)
    if (profile.keyId && (await this.vault.has(profileId, 'active'))) {
      throw new DeskError(
        'key_exists',
        `Profile "${profile.name}" already has a registered key (${profile.keyId}). Delete it before importing ` +
          `an HMAC secret.`,
      )
    }
    await this.vault.importHmac(profileId, secret)
    try {
      const updated = await this.profiles.update(profileId, { keyId, algorithm: 'hmac', pendingKey: null })
      await this.vault.delete(profileId, 'pending')
      this.changed()
      return updated
    } catch (err) {
      await this.vault.delete(profileId, 'active').catch(() => false)
      throw err
    }
  }

  /** Starts a rotation: a new Ed25519 key waits in the pending slot until its Key ID passes the test. */
  async rotate(profileId: string): Promise<PublicKeyView> {
    const profile = await this.profiles.get(profileId)
    if (!profile.keyId || !(await this.vault.has(profileId, 'active'))) {
      throw new DeskError(
        'key_not_found',
        `Profile "${profile.name}" has no registered key to rotate. Generate a key instead.`,
      )
    }
    const view = await this.vault.generateEd25519(profileId, 'pending')
    try {
      await this.profiles.update(profileId, { pendingKey: { keyId: null } })
    } catch (err) {
      await this.vault.delete(profileId, 'pending').catch(() => false)
      throw err
    }
    this.options.keyEvent?.(profile, 'key.rotation_started', { keyId: profile.keyId })
    this.changed()
    return view
  }

  /**
   * Abandons a rotation: the new key leaves the keychain and the active key stays as it is. Profile first, keychain
   * second, as in the swap: a keychain that refuses leaves the rotation as it was.
   */
  async cancelRotation(profileId: string): Promise<Profile> {
    const profile = await this.profiles.get(profileId)
    if (!profile.pendingKey)
      throw new DeskError('key_not_found', `Profile "${profile.name}" has no rotation in progress.`)
    const updated = await this.profiles.update(profileId, { pendingKey: null })
    try {
      await this.vault.delete(profileId, 'pending')
    } catch (err) {
      await this.profiles.update(profileId, { pendingKey: profile.pendingKey })
      throw err
    }
    this.options.keyEvent?.(profile, 'key.rotation_cancelled', {
      keyId: profile.keyId,
      pendingKeyId: profile.pendingKey.keyId,
    })
    this.changed()
    return updated
  }

  /** Deletes the profile's keys; a production profile's only with its name typed (`typedName`), not a mere yes. */
  async deleteKey(profileId: string, options: { typedName?: string } = {}): Promise<Profile> {
    const profile = await this.profiles.get(profileId)
    if (profile.environment === 'production' && options.typedName?.trim() !== profile.name) {
      throw new DeskError(
        'confirmation_required',
        options.typedName === undefined
          ? `"${profile.name}" is a production profile: deleting its key needs the profile's name typed. ` +
              `Nothing was deleted.`
          : `The name typed is not the profile's name "${profile.name}". Nothing was deleted.`,
      )
    }
    await this.vault.deleteAll(profileId)
    const updated = await this.profiles.update(profileId, { keyId: null, pendingKey: null })
    this.changed()
    return updated
  }

  async setAgentWriteTools(profileId: string, enabled: boolean, confirmProduction: boolean): Promise<Profile> {
    const profile = await this.profiles.get(profileId)
    if (enabled && profile.environment === 'production' && !confirmProduction) {
      throw new DeskError(
        'confirmation_required',
        `"${profile.name}" is a production profile: allowing the agent to request payouts there needs an ` +
          `explicit confirmation.`,
      )
    }
    const updated = await this.profiles.update(profileId, { agentWriteTools: enabled })
    this.changed()
    return updated
  }

  async select(profileId: string): Promise<Profile> {
    const profile = await this.profiles.select(profileId)
    this.changed()
    return profile
  }

  /** The connection test; a pending key that passes replaces the active one. */
  async test(profileId: string, slot: KeySlot): Promise<ConnectionResult> {
    const profile = await this.profiles.get(profileId)
    const opened = await this.openForTest(profile, slot)
    if ('ok' in opened) return opened
    let result: ConnectionResult
    try {
      result = await testConnection({ baseUrl: profile.baseUrl, signer: opened, now: this.options.now })
    } finally {
      opened.dispose()
    }
    if (result.ok && slot === 'pending') {
      // Profile first, keychain second: if the keychain refuses, the profile goes back to the old key.
      await this.profiles.update(profileId, {
        keyId: profile.pendingKey?.keyId ?? null,
        algorithm: 'ed25519',
        pendingKey: null,
      })
      try {
        await this.vault.promotePending(profileId)
      } catch (err) {
        await this.profiles.update(profileId, {
          keyId: profile.keyId,
          algorithm: profile.algorithm,
          pendingKey: profile.pendingKey,
        })
        throw err
      }
      this.options.keyEvent?.(profile, 'key.rotated', { from: profile.keyId, to: profile.pendingKey?.keyId ?? null })
      this.changed()
    }
    return result
  }

  private async openForTest(
    profile: Profile,
    slot: KeySlot,
  ): Promise<Signer | Extract<ConnectionResult, { ok: false }>> {
    const fail = (reason: 'no_key' | 'no_key_id' | 'keychain_unavailable', message: string) =>
      ({ ok: false, reason, message, status: null, requestId: null, clockOffsetSeconds: null }) as const
    try {
      return await this.vault.openSigner(profile, slot)
    } catch (err) {
      if (!(err instanceof DeskError)) throw err
      if (err.code === 'no_key_id') return fail('no_key_id', err.message)
      if (err.code === 'key_not_found') return fail('no_key', err.message)
      if (err.code === 'keychain_unavailable') return fail('keychain_unavailable', err.message)
      throw err
    }
  }

  private async rollbackCreate(profileId: string): Promise<void> {
    await this.vault.deleteProfile(profileId).catch(() => undefined)
    await this.profiles.remove(profileId).catch(() => undefined)
  }

  private changed(): void {
    this.options.onChange?.()
  }
}
