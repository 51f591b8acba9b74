import { jsonText, shown } from '../../shared/text/visible-text'
import { DeskError } from '../core/errors'
import {
  addPerson,
  auditDeskEvent,
  changePassphrase,
  listPeople,
  removePerson,
  ROLES,
  setRole,
  type DeskEvent,
  type Role,
} from '../core/people/use-cases'
import type { CliContext } from './cli-context'
import { commandGroup, type Action } from './command'
import { UsageError } from './usage-error'

const STDIN_ORDER =
  'With --passphrase-stdin the new passphrase is the first line of stdin and the --as passphrase the next.'

/**
 * A change of people into every profile's audit log (people/desk-audit). The change is made by then: a log that
 * cannot take it is said on stderr, as a key change's audit failure is.
 */
async function audited(ctx: CliContext, path: DeskEvent['path'], by: string | null, detail: Record<string, unknown>) {
  try {
    const written = await auditDeskEvent(ctx.home, (p, work) => ctx.withStore(p, work), {
      path,
      surface: 'cli',
      by,
      detail,
    })
    if (written === 0) ctx.err('payout-desk: no profile yet, so no audit log records this change of people.')
  } catch (err) {
    ctx.err(`payout-desk: done, but an audit log could not record it: ${shown((err as Error).message)}`)
  }
}

/** A new passphrase: asked twice on a terminal (a typo would lock the person out), one line with --passphrase-stdin. */
async function newPassphrase(ctx: CliContext, name: string): Promise<string> {
  const first = await ctx.passphrase(`New passphrase for ${shown(name)} (not shown): `)
  if (ctx.actAs.passphraseStdin) return first
  if ((await ctx.readHiddenLine('Type it again: ')) !== first)
    throw new DeskError('invalid_input', 'The two passphrases differ; nothing was changed.')
  return first
}

const add: Action = {
  name: 'person add',
  usage: 'person add --name NAME --role admin|treasurer|viewer [--as ADMIN] [--passphrase-stdin]',
  summary:
    "Adds a person to this desk (every profile of the data folder). The desk's first person is an admin; every " +
    `later one is added by an admin (--as). ${STDIN_ORDER} Once a desk has a person, every write names its person.`,
  options: { name: { type: 'string' }, role: { type: 'string' } },
  required: ['name', 'role'],
  async run(ctx, v) {
    const role = v.role as string
    if (!(ROLES as readonly string[]).includes(role))
      throw new UsageError('--role is admin, treasurer or viewer.', add.usage)
    const name = v.name as string
    const passphrase = await newPassphrase(ctx, name)
    const as = (await ctx.actingPerson()) ?? undefined
    const person = await addPerson({ name, role: role as Role, passphrase, as, cost: ctx.passphraseCost }, ctx.home)
    await audited(ctx, 'people.added', as?.name ?? person.name, { person: person.name, role: person.role })
    ctx.out(`Added ${shown(person.name)} (${person.role}).`)
    return 0
  },
}

const list: Action = {
  name: 'person list',
  usage: 'person list [--json]',
  summary: 'Lists the people of this desk and their roles.',
  options: { json: { type: 'boolean' } },
  async run(ctx, v) {
    const people = await listPeople(ctx.home)
    if (v.json) ctx.out(jsonText(people))
    else if (people.length === 0) ctx.out('No people yet: the desk works as before. Add an admin: person add.')
    else for (const p of people) ctx.out(`${shown(p.name)}  ${p.role}`)
    return 0
  },
}

const remove: Action = {
  name: 'person remove',
  usage: 'person remove NAME --as ADMIN [--passphrase-stdin]',
  summary: 'Removes a person (an admin does it). The last admin stays while anyone else is on the desk.',
  positionals: ['NAME'],
  async run(ctx, _v, [name]) {
    const as = await ctx.actingPerson()
    if (!as) throw new UsageError('Removing a person needs an admin: --as ADMIN.', remove.usage)
    const person = await removePerson(name!, as, ctx.home)
    await audited(ctx, 'people.removed', as.name, { person: person.name })
    ctx.out(`Removed ${shown(person.name)}.`)
    return 0
  },
}

const passphrase: Action = {
  name: 'person passphrase',
  usage: 'person passphrase NAME [--as NAME|ADMIN] [--passphrase-stdin]',
  summary:
    "Sets a person's new passphrase: they do it themselves (their current passphrase is asked), or an admin " +
    `(--as) resets it. ${STDIN_ORDER}`,
  positionals: ['NAME'],
  async run(ctx, _v, [name]) {
    const next = await newPassphrase(ctx, name!)
    const as = (await ctx.actingPerson()) ?? {
      name: name!,
      passphrase: await ctx.passphrase(`Current passphrase for ${shown(name!)}: `),
    }
    const person = await changePassphrase({ name: name!, newPassphrase: next, as, cost: ctx.passphraseCost }, ctx.home)
    await audited(ctx, 'people.passphrase_changed', as.name, { person: person.name })
    ctx.out(`New passphrase set for ${shown(person.name)}.`)
    return 0
  },
}

const role: Action = {
  name: 'person role',
  usage: 'person role NAME --role admin|treasurer|viewer --as ADMIN [--passphrase-stdin]',
  summary: "Gives a person another role (an admin does it); the desk's last admin stays one.",
  options: { role: { type: 'string' } },
  required: ['role'],
  positionals: ['NAME'],
  async run(ctx, v, [name]) {
    const as = await ctx.actingPerson()
    if (!as) throw new UsageError("Changing a person's role needs an admin: --as ADMIN.", role.usage)
    const person = await setRole({ name: name!, role: v.role as string, as }, ctx.home)
    await audited(ctx, 'people.role_changed', as.name, { person: person.name, role: person.role })
    ctx.out(`${shown(person.name)} is now ${person.role}.`)
    return 0
  },
}

export const personCommand = commandGroup(
  'person',
  'The people of this desk: named local identities with a role (admin, treasurer, viewer) and a passphrase.',
  [add, list, remove, passphrase, role],
)
