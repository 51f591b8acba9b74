import { setPayeeChangeWait } from '../core/payee-checks/use-cases'
import { setFourEyes, setViewOnly } from '../core/people/use-cases'
import { DeskError } from '../core/errors'
import { validateEnvironment } from '../core/profiles'
import type { Profile } from '../core/profiles'
import { commandGroup, type Action } from './command'
import type { CliContext } from './cli-context'
import { confirm } from './confirm'
import { UsageError } from './usage-error'
import { shown, jsonText } from '../../shared/text/visible-text'

const add: Action = {
  name: 'profile add',
  usage: 'profile add --name N --env sandbox|production --base-url URL [--algorithm ed25519|hmac]',
  summary:
    'Adds a profile. The base URL is https://; plain http:// only for a local simulator on 127.0.0.1 or ' +
    'localhost (its sandbox or its production listener).',
  options: {
    name: { type: 'string' },
    env: { type: 'string' },
    'base-url': { type: 'string' },
    algorithm: { type: 'string' },
  },
  required: ['name', 'env', 'base-url'],
  async run(ctx, v) {
    const algorithm = (v.algorithm as string | undefined) ?? 'ed25519'
    if (algorithm !== 'ed25519' && algorithm !== 'hmac')
      throw new UsageError('--algorithm is ed25519 or hmac.', add.usage)
    await ctx.acting('profile')
    const profile = await ctx.keys.create(
      {
        name: v.name as string,
        environment: validateEnvironment(v.env as string),
        baseUrl: v['base-url'] as string,
        algorithm,
      },
      false,
    )
    ctx.out(`Added ${label(profile)} at ${profile.baseUrl}.`)
    ctx.out(
      algorithm === 'ed25519'
        ? `Next: payout-desk key generate --profile ${quote(profile.name)}`
        : `Next: payout-desk key import-hmac --profile ${quote(profile.name)} --key-id ID  (secret on stdin)`,
    )
    return 0
  },
}

const list: Action = {
  name: 'profile list',
  usage: 'profile list [--json]',
  summary: 'Lists the profiles. The current one is marked with *.',
  options: { json: { type: 'boolean' } },
  async run(ctx, v) {
    const profiles = await ctx.keys.profiles.list()
    const current = (await ctx.keys.profiles.current())?.id ?? null
    const rows = await Promise.all(
      profiles.map(async (p) => ({ ...p, current: p.id === current, hasKey: await hasKey(ctx, p) })),
    )
    if (v.json) {
      ctx.out(jsonText(rows))
      return 0
    }
    if (rows.length === 0) {
      ctx.out('No profiles yet. Add one: payout-desk profile add --name N --env sandbox --base-url URL')
      return 0
    }
    for (const r of rows) {
      const key =
        r.hasKey === null
          ? 'key: ? (keychain unavailable)'
          : r.hasKey
            ? `key: ${r.algorithm} ${r.keyId ?? '(no Key ID yet)'}`
            : 'key: none'
      const pending = r.pendingKey ? `, rotation pending (${r.pendingKey.keyId ?? 'no Key ID yet'})` : ''
      ctx.out(
        `${r.current ? '*' : ' '} ${shown(r.name)}  ` +
          `[${r.environment === 'production' ? 'PRODUCTION' : 'sandbox'}]  ${r.baseUrl}  ` +
          `${key}${pending}${r.agentWriteTools ? '  agent write tools: on' : ''}`,
      )
    }
    return 0
  },
}

const remove: Action = {
  name: 'profile remove',
  usage: 'profile remove N [--yes]',
  summary:
    'Removes a profile and deletes its keys and notification secrets from the OS keychain. Asks for confirmation' +
    ' on a terminal unless --yes.',
  options: { yes: { type: 'boolean' } },
  positionals: ['name'],
  async run(ctx, v, [name]) {
    const profile = await ctx.profile(name!)
    await ctx.acting('profile', profile)
    if (!v.yes && !(await confirm(ctx, `Remove ${label(profile)} and delete its keys? This cannot be undone.`))) {
      ctx.err('Nothing removed.')
      return 1
    }
    await ctx.keys.remove(profile.id)
    ctx.out(`Removed ${label(profile)} and its keys.`)
    return 0
  },
}

const set: Action = {
  name: 'profile set',
  usage:
    'profile set N [--agent-write-tools on|off [--yes-production]] [--payee-change-wait HOURS] ' +
    '[--view-only on|off] [--four-eyes on|off] [--agent-while-locked work|refuse]',
  summary:
    "Changes profile settings (an admin's, --as, once the desk has people). Allowing agent write tools on a " +
    "production profile needs --yes-production. --payee-change-wait sets how long a known payee's new address " +
    'waits before it can be paid (default 24 hours; it also needs a recorded confirmation or a completed test ' +
    'payout). --view-only on refuses every write on the profile (its connector lists read tools only); turning ' +
    'it off takes a second admin when four eyes are on. --four-eyes (default on for production, off for ' +
    'sandbox): a payee change, a release, an acknowledgement and lifting view-only are finished by someone ' +
    'other than who started them. --agent-while-locked: while the app is locked (or closed) with people on the ' +
    'desk, the agent keeps working under its policy (work, the default) or its write tools refuse (refuse).',
  options: {
    'agent-write-tools': { type: 'string' },
    'yes-production': { type: 'boolean' },
    'payee-change-wait': { type: 'string' },
    'view-only': { type: 'string' },
    'four-eyes': { type: 'string' },
    'agent-while-locked': { type: 'string' },
  },
  positionals: ['name'],
  async run(ctx, v, [name]) {
    const tools = v['agent-write-tools']
    const wait = v['payee-change-wait']
    const viewOnly = onOff(v, 'view-only')
    const fourEyes = onOff(v, 'four-eyes')
    const whileLocked = v['agent-while-locked']
    if (
      tools === undefined &&
      wait === undefined &&
      viewOnly === undefined &&
      fourEyes === undefined &&
      whileLocked === undefined
    )
      throw new UsageError(
        'Give --agent-write-tools, --payee-change-wait, --view-only, --four-eyes or --agent-while-locked.',
        set.usage,
      )
    if (whileLocked !== undefined && whileLocked !== 'work' && whileLocked !== 'refuse')
      throw new UsageError('--agent-while-locked is work or refuse.', set.usage)
    if (tools !== undefined && tools !== 'on' && tools !== 'off')
      throw new UsageError('--agent-write-tools is on or off.', set.usage)
    if (typeof wait === 'string' && !/^\d+(\.\d+)?$/.test(wait))
      throw new UsageError('--payee-change-wait is a number of hours, e.g. 24.', set.usage)
    const profile = await ctx.profile(name!)
    const acting = await ctx.acting('profile', profile)
    if (fourEyes !== undefined) {
      await ctx.withStore(profile, (store) => setFourEyes(store, fourEyes, acting))
      ctx.out(`Four eyes for ${label(profile)}: ${fourEyes ? 'on' : 'off'}.`)
    }
    if (viewOnly !== undefined) {
      const r = await ctx.withStore(profile, (store) => setViewOnly(store, profile.environment, acting, viewOnly))
      ctx.out(
        r.waitingForSecond
          ? `${label(profile)} stays view-only until another admin turns it off too (four eyes).`
          : `View-only for ${label(profile)}: ${r.viewOnly ? 'on' : 'off'}.`,
      )
    }
    if (whileLocked === 'work' || whileLocked === 'refuse') {
      await ctx.keys.profiles.update(profile.id, { agentWhileLocked: whileLocked })
      ctx.out(`The agent of ${label(profile)} while the desk is locked: ${whileLocked}.`)
    }
    if (typeof wait === 'string') {
      await ctx.withStore(profile, (store) => setPayeeChangeWait(store, Number(wait)))
      ctx.out(`Payee change wait for ${label(profile)}: ${Number(wait)} h.`)
    }
    if (tools === undefined) return 0
    try {
      const updated = await ctx.keys.setAgentWriteTools(profile.id, tools === 'on', v['yes-production'] === true)
      ctx.out(`Agent write tools for ${label(updated)}: ${updated.agentWriteTools ? 'on' : 'off'}.`)
      return 0
    } catch (err) {
      if (err instanceof DeskError && err.code === 'confirmation_required') {
        throw new DeskError(err.code, `${err.message} Run again with --yes-production to confirm.`)
      }
      throw err
    }
  },
}

export const profileCommand = commandGroup(
  'profile',
  'Manage profiles: a provider environment, its base URL and its key.',
  [add, list, remove, set],
)

function onOff(v: Record<string, unknown>, flag: string): boolean | undefined {
  const value = v[flag]
  if (value === undefined) return undefined
  if (value !== 'on' && value !== 'off') throw new UsageError(`--${flag} is on or off.`, set.usage)
  return value === 'on'
}

export function label(profile: Profile): string {
  return `profile "${profile.name}" (${profile.environment === 'production' ? 'PRODUCTION' : 'sandbox'})`
}

export function quote(name: string): string {
  return /^[\w.-]+$/.test(name) ? name : JSON.stringify(name)
}

async function hasKey(ctx: CliContext, profile: Profile): Promise<boolean | null> {
  try {
    return await ctx.keys.vault.has(profile.id, 'active')
  } catch (err) {
    if (err instanceof DeskError && err.code === 'keychain_unavailable') return null
    throw err
  }
}
