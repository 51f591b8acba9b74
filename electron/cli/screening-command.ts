import { cancelListedPayouts } from '../core/payouts/use-cases'
import {
  importScreeningList,
  screeningHitsNow,
  screeningStatus,
  type ScreeningFindings,
} from '../core/screening/use-cases'
import { commandGroup, type Action } from './command'
import { printTable } from './terminal-output'
import { jsonText, shown } from '../../shared/text/visible-text'

/** Entries of a file that are no address, named up to this many (the count says the rest). */
const NAMED_NOT_ADDRESSES = 20

const importList: Action = {
  name: 'screening import',
  usage: 'screening import FILE --profile N [--name NAME]',
  summary:
    "Imports a screening list from a file you downloaded (no network access is assumed): OFAC's sdn.xml as " +
    "published (every id whose idType is 'Digital Currency Address - …'), or a CSV with network and address " +
    "columns. It replaces the list of the same name (default: the file's name). An entry that is the address of " +
    'no network is named and not listed. Then the whole destination book and every waiting payout are checked ' +
    'against the lists (see screening hits). Every destination is screened when it is added, and every payout ' +
    "again when it is sent; a listed address is refused with the list's name and entry, and no option overrides it.",
  options: { profile: { type: 'string' }, name: { type: 'string' } },
  required: ['profile'],
  positionals: ['FILE'],
  async run(ctx, v, [file]) {
    const profile = await ctx.profile(v.profile as string)
    const { by } = await ctx.acting('screening', profile)
    return ctx.withSession(profile, async (session) => {
      const made = await importScreeningList(session, {
        source: { path: file! },
        file: file!,
        name: v.name as string | undefined,
        actor: by,
      })
      ctx.out(
        `Imported "${shown(made.name)}": ${made.addresses} ` +
          `address(es)${made.published ? `, published ${shown(made.published)}` : ''}.`,
      )
      if (made.notAddresses.length > 0) {
        ctx.err(
          `${made.notAddresses.length} entr${made.notAddresses.length === 1 ? 'y is' : 'ies are'} the address of ` +
            'no network and not listed:',
        )
        for (const e of made.notAddresses.slice(0, NAMED_NOT_ADDRESSES))
          ctx.err(`  ${shown(e.entry)} (${shown(e.currency)}): ${JSON.stringify(shown(e.address))}`)
        if (made.notAddresses.length > NAMED_NOT_ADDRESSES)
          ctx.err(`  and ${made.notAddresses.length - NAMED_NOT_ADDRESSES} more.`)
      }
      printFindings(ctx, made.findings, made.bookUnread, v.profile as string)
      return 0
    })
  },
}

function printFindings(
  ctx: { out(line: string): void; err(line: string): void },
  findings: ScreeningFindings,
  bookUnread: string | null,
  profile: string,
): void {
  if (bookUnread) ctx.err(`The destination book could not be read, so its entries were not checked: ${bookUnread}`)
  if (findings.destinations.length === 0 && findings.payouts.length === 0) {
    ctx.out(`No destination${bookUnread ? '' : ' of the book'} and no waiting payout is on a screening list.`)
    return
  }
  if (findings.destinations.length > 0) {
    ctx.err(`LISTED: ${findings.destinations.length} destination(s) of the book are on a screening list:`)
    printTable(
      ctx.err,
      ['destination', 'label', 'network', 'address', 'list', 'entry'],
      findings.destinations.map((d) => [d.id, d.label, d.network, d.address, d.list, d.entry]),
    )
  }
  if (findings.payouts.length > 0) {
    ctx.err(`ALARM: ${findings.payouts.length} waiting payout(s) go to a listed address:`)
    printTable(
      ctx.err,
      ['payout', 'waiting', 'amount', 'network', 'destination', 'list', 'entry'],
      findings.payouts.map((p) => [
        p.withdrawalId ?? p.key ?? '-',
        p.waiting,
        `${p.amount} ${p.asset}`,
        p.network,
        p.destination,
        p.list,
        p.entry,
      ]),
    )
    ctx.err(`Cancel them all with: payout-desk screening hits --profile ${profile} --cancel`)
  }
}

const hits: Action = {
  name: 'screening hits',
  usage: 'screening hits --profile N [--cancel] [--json]',
  summary:
    'What the screening lists name among what is already there: destinations of the book (read from the ' +
    'provider) and payouts waiting for approval or to be sent. Exit 0 when none, 1 when any. --cancel cancels ' +
    'every waiting payout to a listed address in one step (at the provider, or dropped from the outbox), naming ' +
    'any that could not be.',
  options: { profile: { type: 'string' }, cancel: { type: 'boolean' }, json: { type: 'boolean' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    if (v.cancel) await ctx.acting('payout', profile)
    return ctx.withSession(profile, async (session) => {
      const { findings, bookUnread } = await screeningHitsNow(session)
      const cancelled = v.cancel ? await cancelListedPayouts(session, findings.payouts) : null
      if (v.json) {
        ctx.out(jsonText({ ...findings, bookUnread, cancelled }))
      } else if (!cancelled) printFindings(ctx, findings, bookUnread, v.profile as string)
      else {
        if (cancelled.length === 0) ctx.out('No waiting payout goes to a listed address; nothing to cancel.')
        for (const c of cancelled) {
          const ref = c.payout.withdrawalId ?? c.payout.key ?? '-'
          if (c.outcome === 'not_cancelled') ctx.err(`Not cancelled: ${ref}: ${shown(c.problem ?? '')}`)
          else ctx.out(`${c.outcome === 'cancelled' ? 'Cancelled at the provider' : 'Dropped from the outbox'}: ${ref}`)
        }
      }
      const left = cancelled ? cancelled.filter((c) => c.outcome === 'not_cancelled').length : findings.payouts.length
      return left > 0 || findings.destinations.length > 0 ? 1 : 0
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
  [importList, hits, status],
)
