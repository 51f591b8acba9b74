import { confirmChange } from './payee-change-command'
import type { CreateCounterparty } from '../../shared/api/requests'
import { saveDestination } from '../core/destinations/use-cases'
import { commandGroup, type Action, type Values } from './command'
import { UsageError } from './usage-error'
import { shown } from '../../shared/text/visible-text'
import { CounterpartyViewSchema } from '../../shared/ipc/views'
import { cliRows } from './cli-rows'
import { listBookAction } from './destinations-list-command'
import { exportBookAction, importBookAction } from './destinations-file-command'

const ADD_USAGE =
  'destinations add --profile N --network ID --address A --type individual|company [--first-name X --last-name ' +
  'Y | --company-name Z] ' +
  '--wallet-type vasp|unhosted [--vasp-name V] --country CC [--label L] [--direction send|both] ' +
  '[--accept-lookalike ADDRESS] [--json]'

const add: Action = {
  name: 'destinations add',
  usage: ADD_USAGE,
  summary:
    'Registers a destination (pending until someone verifies it in the provider console). An address whose ' +
    'first and last 4 characters match a different address the profile knows ' +
    "(destination book, own deposit addresses, history, completed payouts), or the workspace's own deposit " +
    'address, is refused with both addresses shown; ' +
    'after comparing them character by character, repeat with --accept-lookalike and the new address exactly.',
  options: {
    profile: { type: 'string' },
    network: { type: 'string' },
    address: { type: 'string' },
    type: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    'company-name': { type: 'string' },
    'wallet-type': { type: 'string' },
    'vasp-name': { type: 'string' },
    country: { type: 'string' },
    label: { type: 'string' },
    direction: { type: 'string' },
    'accept-lookalike': { type: 'string' },
    json: { type: 'boolean' },
  },
  required: ['profile', 'network', 'address', 'type', 'wallet-type', 'country'],
  async run(ctx, v) {
    // Flags first: a wrong one is a usage error whatever the state of the profile's key or the provider.
    const request = body(v)
    const profile = await ctx.profile(v.profile as string)
    const accept = v['accept-lookalike'] as string | undefined
    const { by } = await ctx.acting('destination', profile)
    const { counterparty, alreadyExists } = await ctx.withStore(profile, (store) =>
      ctx.withSession(profile, store, (s) =>
        saveDestination(s, request, {
          acceptLookalike: accept,
          howToAccept:
            `If you compared them and the new address is right, repeat with --accept-lookalike ` +
            `${v.address as string}.`,
          addedBy: by,
        }),
      ),
    )
    const c = cliRows(CounterpartyViewSchema, counterparty)
    if (v.json) {
      ctx.out(JSON.stringify({ data: c, already_exists: alreadyExists }, null, 2))
      return 0
    }
    ctx.out(
      `${alreadyExists ? 'Already in the destination book' : 'Registered'}: ${shown(c.id)} "${shown(c.label)}" ` +
        `${shown(c.address)} on ${shown(c.network)} ` +
        `(${shown(c.status)}${c.can_send ? ', can send' : ', not verified yet'}).`,
    )
    return 0
  },
}

/** Only the flags given: the shared request schema (in createDestination) says what is missing or wrong. */
function body(v: Values): CreateCounterparty {
  const s = (name: string) => v[name] as string | undefined
  const type = s('type')
  const walletType = s('wallet-type')
  if (type !== 'individual' && type !== 'company')
    throw new UsageError(`--type is individual or company; got ${JSON.stringify(type)}.`, ADD_USAGE)
  if (walletType !== 'vasp' && walletType !== 'unhosted')
    throw new UsageError(`--wallet-type is vasp or unhosted; got ${JSON.stringify(walletType)}.`, ADD_USAGE)
  const direction = s('direction')
  if (direction !== undefined && direction !== 'send' && direction !== 'both')
    throw new UsageError(`--direction is send or both; got ${JSON.stringify(direction)}.`, ADD_USAGE)
  const out: CreateCounterparty = {
    network: s('network')!,
    address: s('address')!,
    counterparty_type: type,
    wallet_type: walletType,
    country: s('country')!,
  }
  const optional = {
    first_name: 'first-name',
    last_name: 'last-name',
    company_name: 'company-name',
    vasp_name: 'vasp-name',
    label: 'label',
  } as const
  for (const [field, flag] of Object.entries(optional))
    if (s(flag) !== undefined) out[field as keyof typeof optional] = s(flag)
  if (direction) out.direction = direction
  return out
}

export const destinationsCommand = commandGroup(
  'destinations',
  'The destination book: register a destination (guarded against look-alike addresses), list it (with what the ' +
    'screening lists name), export the book, import a file.',
  [add, listBookAction, exportBookAction, importBookAction, confirmChange],
)
