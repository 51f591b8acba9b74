import { readFile } from 'node:fs/promises'
import { who } from '../core/audit/use-cases'
import { importScreeningList, screeningStatus } from '../core/screening/use-cases'
import { commandGroup, type Action } from './command'
import { printTable } from './terminal-output'
import { shown } from '../../shared/text/visible-text'

const importList: Action = {
  name: 'screening import',
  usage: 'screening import FILE --profile N [--name NAME]',
  summary:
    "Imports a screening list from a file you downloaded (no network access is assumed): OFAC's sdn.xml as " +
    "published (every id whose idType is 'Digital Currency Address - …'), or a CSV with network and address " +
    "columns. It replaces the list of the same name (default: the file's name). Every destination is " +
    'screened when it is added, and every payout again when it is sent; a listed address is refused with ' +
    "the list's name and entry, and no option overrides it.",
  options: { profile: { type: 'string' }, name: { type: 'string' } },
  required: ['profile'],
  positionals: ['FILE'],
  async run(ctx, v, [file]) {
    const profile = await ctx.profile(v.profile as string)
    const text = await readFile(file!, 'utf8')
    return ctx.withStore(profile, (store) => {
      const made = importScreeningList(store, {
        text,
        file: file!,
        name: v.name as string | undefined,
        actor: who('cli'),
      })
      ctx.out(
        `Imported "${shown(made.name)}": ${made.addresses} ` +
          `address(es)${made.published ? `, published ${shown(made.published)}` : ''}.`,
      )
      return 0
    })
  },
}

const status: Action = {
  name: 'screening status',
  usage: 'screening status --profile N [--json]',
  summary:
    'The screening lists of the profile with their addresses, publication date, import time and age; a list ' +
    'older than 7 days is marked stale and warned about before each send.',
  options: { profile: { type: 'string' }, json: { type: 'boolean' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    return ctx.withStore(profile, (store) => {
      const lists = screeningStatus(store)
      if (v.json) ctx.out(JSON.stringify(lists, null, 2))
      else if (lists.length === 0)
        ctx.out('No screening list imported. Import one with: payout-desk screening import FILE --profile N')
      else
        printTable(
          ctx.out,
          ['list', 'addresses', 'published', 'imported', 'age'],
          lists.map((l) => [
            shown(l.name),
            String(l.addresses),
            l.published ?? '-',
            l.importedAt,
            `${l.ageDays} d${l.stale ? ' (stale)' : ''}`,
          ]),
        )
      return 0
    })
  },
}

export const screeningCommand = commandGroup(
  'screening',
  'Screening lists (OFAC SDN or a CSV of addresses): listed addresses are never added or paid.',
  [importList, status],
)
