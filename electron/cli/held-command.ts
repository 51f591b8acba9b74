import { warnStaleScreening } from './alterations-cli'
import {
  expiredHeldPayouts,
  heldExpiryHours,
  heldPayouts,
  localPerson,
  rejectHeld,
  releaseHeld,
  setHeldExpiryHours,
} from '../core/policy/use-cases'
import { commandGroup, type Action } from './command'
import { label } from './profile-command'
import { shown, jsonText } from '../../shared/text/visible-text'
import { HeldPayoutViewSchema } from '../../shared/ipc/channels/policy'
import { cliRows } from './cli-rows'
import { requireSecondPersonFor } from '../core/people/use-cases'

const editor = (person = localPerson()) => ({ actor: 'cli' as const, person })

const list: Action = {
  name: 'held list',
  usage: 'held list --profile N [--json [--expired]]',
  summary:
    "Lists the agent's payouts the policy held for a person, oldest first, with each request in full: " +
    'Idempotency-Key, when, wallet name and id, amount, asset, network, destination name, address and id, ' +
    'when it was verified, the rule that held it and when it expires; then the ones that expired with ' +
    "nobody's decision (--json: the held ones, or with --expired the expired ones).",
  options: { profile: { type: 'string' }, json: { type: 'boolean' }, expired: { type: 'boolean' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    const { held, expired } = await ctx.withStore(profile, (store) => ({
      held: cliRows(HeldPayoutViewSchema.array(), heldPayouts(store, editor())),
      expired: cliRows(HeldPayoutViewSchema.array(), expiredHeldPayouts(store, editor())),
    }))
    if (v.json) {
      ctx.out(jsonText(v.expired ? expired : held))
      return 0
    }
    for (const e of expired)
      ctx.out(
        `expired  ${e.idempotencyKey}  held ${e.createdAt}, expired ${e.expiresAt}: ${e.body.amount} ` +
          `${shown(e.body.asset)} to ${shown(e.hold?.destinationName ?? e.body.destination)}`,
      )
    if (held.length === 0) {
      ctx.out(`Nothing is held for a person on ${label(profile)}.`)
      return 0
    }
    for (const e of held) {
      const b = e.body
      const h = e.hold
      ctx.out(`${e.idempotencyKey}  ${e.createdAt}  by ${shown(e.requestedBy)}  expires ${e.expiresAt}`)
      if (h) {
        ctx.out(
          `    ${b.amount} ${shown(b.asset)} from wallet "${shown(h.walletName)}" (${shown(b.wallet_id)}) on ` +
            `${shown(h.network)}${b.fee_priority ? `, fee ${b.fee_priority}` : ''}`,
        )
        ctx.out(
          `    to "${shown(h.destinationName)}" ${shown(h.destinationAddress)} (destination ` +
            `${shown(h.destinationId)}, verified ${h.verifiedAt ?? 'never'})`,
        )
        ctx.out(`    held by rule ${shown(h.rule)}: ${shown(h.message)}`)
      } else {
        ctx.out(
          `    ${b.amount} ${shown(b.asset)} from wallet ${shown(b.wallet_id)} to ${shown(b.destination)}` +
            (b.network ? ` on ${shown(b.network)}` : '') +
            (b.fee_priority ? `, fee ${b.fee_priority}` : ''),
        )
        ctx.out(
          '    held before payouts were checked first: check the wallet, destination and network before releasing it',
        )
      }
    }
    ctx.out(
      `Release one: payout-desk held release KEY --profile ${v.profile as string}   Reject: payout-desk held ` +
        `reject KEY --profile ${v.profile as string} --reason TEXT`,
    )
    return 0
  },
}

const release: Action = {
  name: 'held release',
  usage: 'held release KEY --profile N [--override RULE]',
  summary:
    "Sends a held payout to the provider under the agent's Idempotency-Key and the body it asked for, if the " +
    'policy in force now lets it through (a policy applies at the time of sending). A rule that refuses it ' +
    'now (a cap tightened, write tools off) is passed only with --override RULE naming it; the override is ' +
    'audited. It then waits for approval in the provider console like every payout.',
  options: { profile: { type: 'string' }, override: { type: 'string' } },
  required: ['profile'],
  positionals: ['key'],
  async run(ctx, v, [key]) {
    const profile = await ctx.profile(v.profile as string)
    const result = await ctx.withStore(profile, async (store) => {
      const acting = await ctx.acting('release', profile, store)
      requireSecondPersonFor(store, profile.environment, acting, { kind: 'release', key: key! })
      warnStaleScreening(ctx, store)
      return ctx.withSession(profile, store, (s) =>
        releaseHeld(s, editor(acting.name), key!, (v.override as string | undefined) ?? null),
      )
    })
    if (result.withdrawal) {
      ctx.out(
        `Released ${key}: the provider recorded payout ${result.withdrawal.id} (${result.withdrawal.status}); ` +
          `it waits for approval in the console.`,
      )
      return 0
    }
    const error = result.entry.error
    if (result.entry.state === 'held') {
      ctx.err(`${key} is still held: the policy in force now holds it (${shown(error?.message ?? 'held')}).`)
      return 1
    }
    ctx.err(
      `Released ${key}, but the provider did not accept it ` +
        `(${result.entry.state}${error ? `: ${shown(error.code)}: ${shown(error.message)}` : ''}). ` +
        `"payout-desk outbox --profile ${v.profile as string}" shows it.`,
    )
    return 1
  },
}

const reject: Action = {
  name: 'held reject',
  usage: 'held reject KEY --profile N --reason TEXT',
  summary:
    'Rejects a held payout: nothing is sent, and the agent gets the reason when it calls request_withdrawal ' +
    'again with the same key.',
  options: { profile: { type: 'string' }, reason: { type: 'string' } },
  required: ['profile', 'reason'],
  positionals: ['key'],
  async run(ctx, v, [key]) {
    const profile = await ctx.profile(v.profile as string)
    const acting = await ctx.acting('release', profile)
    await ctx.withStore(profile, (store) => rejectHeld(store, editor(acting.name), key!, v.reason as string))
    ctx.out(`Rejected ${key}; nothing was sent. The agent sees your reason on its next call with this key.`)
    return 0
  },
}

const expiry: Action = {
  name: 'held expiry',
  usage: 'held expiry --profile N [--hours H]',
  summary:
    'Shows, or with --hours sets, how long a held payout waits for a person before it expires as held_expired ' +
    '(default 24 hours).',
  options: { profile: { type: 'string' }, hours: { type: 'string' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    const setter = v.hours === undefined ? null : await ctx.acting('policy', profile)
    const hours = await ctx.withStore(profile, (store) =>
      setter === null
        ? heldExpiryHours(store, editor())
        : setHeldExpiryHours(store, editor(setter.name), Number(v.hours)),
    )
    ctx.out(`Held payouts on ${label(profile)} expire after ${hours} hours.`)
    return 0
  },
}

export const heldCommand = commandGroup(
  'held',
  'Agent payouts held for a person by the policy: list, release or reject them, and their expiry time.',
  [list, release, reject, expiry],
)
