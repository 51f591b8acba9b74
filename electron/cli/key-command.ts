import type { PublicKeyView } from '../../shared/ipc/channels/profiles'
import { DeskError } from '../core/errors'
import { commandGroup, type Action } from './command'
import type { CliContext } from './cli-context'
import { confirm } from './confirm'
import { label, quote } from './profile-command'
import { UsageError } from './usage-error'

const FORMATS = ['base64', 'hex', 'pem', 'fingerprint'] as const
type Format = (typeof FORMATS)[number]

const generate: Action = {
  name: 'key generate',
  usage: 'key generate --profile N [--replace]',
  summary:
    'Generates an Ed25519 key pair in the OS keychain and prints the public key (base64) and its fingerprint. ' +
    'A key still waiting for its Key ID is kept unless --replace.',
  options: { profile: { type: 'string' }, replace: { type: 'boolean' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    await ctx.acting('key', profile)
    const view = await ctx.keys.generate(profile.id, { replace: v.replace === true }).catch((err: unknown) => {
      if (!(err instanceof DeskError) || err.code !== 'key_exists' || profile.keyId) throw err
      throw new DeskError(
        'key_exists',
        `${err.message} Run: payout-desk key set-id --profile ${quote(profile.name)} --key-id ID (or key show ` +
          `to see it), or key generate --replace to discard it.`,
      )
    })
    ctx.out(`Generated an Ed25519 key for ${label(profile)}. The private key stays in the OS keychain.`)
    printPublicKey(ctx, view)
    ctx.out(
      `Next: register the public key in the console, then run: payout-desk key set-id --profile ` +
        `${quote(profile.name)} --key-id ID`,
    )
    return 0
  },
}

const show: Action = {
  name: 'key show',
  usage: 'key show --profile N [--format base64|hex|pem|fingerprint] [--pending]',
  summary:
    'Prints the public key (default base64 of the raw 32 bytes, what the console takes). --pending shows a ' +
    'rotated key waiting for its Key ID.',
  options: { profile: { type: 'string' }, format: { type: 'string' }, pending: { type: 'boolean' } },
  required: ['profile'],
  async run(ctx, v) {
    const format = ((v.format as string | undefined) ?? 'base64') as Format
    if (!FORMATS.includes(format)) throw new UsageError(`--format is one of ${FORMATS.join(', ')}.`, show.usage)
    const profile = await ctx.profile(v.profile as string)
    const view = await ctx.keys.publicKey(profile.id, v.pending ? 'pending' : 'active')
    ctx.out(view[format].replace(/\n$/, ''))
    return 0
  },
}

const setId: Action = {
  name: 'key set-id',
  usage: 'key set-id --profile N --key-id ID [--pending] [--replace]',
  summary:
    'Records the Key ID the console returned for the public key (--pending: for the rotated key). Replacing ' +
    'the Key ID in use asks first ' +
    '(--replace answers yes; without a terminal it is required) and tests the new one with the provider before ' +
    'saving it.',
  options: {
    profile: { type: 'string' },
    'key-id': { type: 'string' },
    pending: { type: 'boolean' },
    replace: { type: 'boolean' },
  },
  required: ['profile', 'key-id'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    await ctx.acting('key', profile)
    const slot = v.pending ? 'pending' : 'active'
    const keyId = (v['key-id'] as string).trim()
    let replace = v.replace === true
    if (slot === 'active' && profile.keyId && profile.keyId !== keyId && !replace && ctx.stdinIsTty) {
      replace = await confirm(
        ctx,
        `${label(profile)} signs with the Key ID ${profile.keyId}. Replace it with ${keyId}? The new one is ` +
          `tested first.`,
      )
      if (!replace) {
        ctx.err(`Nothing changed: ${profile.keyId} stays.`)
        return 1
      }
    }
    await ctx.keys.setKeyId(profile.id, keyId, slot, { replace })
    ctx.out(`Key ID set for ${slot === 'pending' ? 'the rotated key of ' : ''}${label(profile)}.`)
    ctx.out(`Next: payout-desk test --profile ${quote(profile.name)}${slot === 'pending' ? ' --pending' : ''}`)
    return 0
  },
}

const importHmac: Action = {
  name: 'key import-hmac',
  usage: 'key import-hmac --profile N --key-id ID   (the secret is read from stdin)',
  summary:
    'Imports a legacy HMAC secret into the OS keychain. The secret is read from stdin (piped, or typed without ' +
    'echo), never from the command line.',
  options: { profile: { type: 'string' }, 'key-id': { type: 'string' } },
  required: ['profile', 'key-id'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    await ctx.acting('key', profile)
    let secret: string
    if (ctx.stdinIsTty) {
      secret = await ctx.readHiddenLine('Paste the HMAC secret and press Enter (it is not shown): ')
    } else {
      // Only the line ending a pipe adds is removed; any other whitespace is refused as a bad paste.
      secret = (await ctx.readStdin()).replace(/\r?\n$/, '')
    }
    await ctx.keys.importHmac(profile.id, v['key-id'] as string, secret)
    ctx.out(`HMAC secret stored in the OS keychain for ${label(profile)}.`)
    ctx.out(`Next: payout-desk test --profile ${quote(profile.name)}`)
    return 0
  },
}

const rotate: Action = {
  name: 'key rotate',
  usage: 'key rotate --profile N',
  summary:
    'Starts a rotation: a new key waits beside the active one until its Key ID passes the connection test, ' +
    'then replaces it.',
  options: { profile: { type: 'string' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    await ctx.acting('key', profile)
    const view = await ctx.keys.rotate(profile.id)
    ctx.out(`New key generated for ${label(profile)}; the current key stays active until the new one passes the test.`)
    printPublicKey(ctx, view)
    ctx.out('Next: register the new public key in the console, then run:')
    ctx.out(`  payout-desk key set-id --profile ${quote(profile.name)} --key-id ID --pending`)
    ctx.out(`  payout-desk test --profile ${quote(profile.name)} --pending`)
    return 0
  },
}

const cancelRotation: Action = {
  name: 'key cancel-rotation',
  usage: 'key cancel-rotation --profile N',
  summary:
    'Abandons a rotation in progress: the new key is deleted from the OS keychain and the active key stays in use.',
  options: { profile: { type: 'string' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    await ctx.acting('key', profile)
    const pendingKeyId = profile.pendingKey?.keyId ?? null
    await ctx.keys.cancelRotation(profile.id)
    ctx.out(`Rotation cancelled for ${label(profile)}; the active key stays in use.`)
    if (pendingKeyId) ctx.out(`The new key was registered as ${pendingKeyId}: revoke that Key ID in the console.`)
    return 0
  },
}

const remove: Action = {
  name: 'key delete',
  usage: 'key delete --profile N [--yes] [--confirm-name NAME]',
  summary:
    "Deletes the profile's keys from the OS keychain. Asks for confirmation on a terminal unless --yes; a " +
    "production profile's key " +
    "needs the profile's name typed (asked on a terminal, else --confirm-name NAME).",
  options: { profile: { type: 'string' }, yes: { type: 'boolean' }, 'confirm-name': { type: 'string' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    await ctx.acting('key', profile)
    let typedName = v['confirm-name'] as string | undefined
    if (profile.environment === 'production' && typedName === undefined && ctx.stdinIsTty) {
      ctx.err(`${label(profile)} is a production profile. Type its name to delete its keys: `)
      typedName = await ctx.readLine()
    } else if (
      profile.environment !== 'production' &&
      !v.yes &&
      !(await confirm(ctx, `Delete the keys of ${label(profile)}? Signed calls will stop working.`))
    ) {
      ctx.err('Nothing deleted.')
      return 1
    }
    await ctx.keys.deleteKey(profile.id, { typedName })
    ctx.out(`Deleted the keys of ${label(profile)}. Revoke the Key ID in the console too.`)
    return 0
  },
}

function printPublicKey(ctx: CliContext, view: PublicKeyView): void {
  ctx.out('Public key (base64, paste this into the console):')
  ctx.out(`  ${view.base64}`)
  ctx.out(`Fingerprint: ${view.fingerprint}`)
}

export const keyCommand = commandGroup('key', "Manage a profile's key in the OS keychain.", [
  generate,
  show,
  setId,
  importHmac,
  rotate,
  cancelRotation,
  remove,
])
