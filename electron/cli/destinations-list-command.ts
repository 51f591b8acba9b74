import { screeningHitsNow } from '../core/screening/use-cases'
import { jsonText } from '../../shared/text/visible-text'
import type { Action } from './command'
import { printTable } from './terminal-output'

export const listBookAction: Action = {
  name: 'destinations list',
  usage: 'destinations list --profile N [--json]',
  summary:
    'The destination book as the provider lists it now, one destination a line: id, label, network, address, ' +
    'whether it can be paid, and LISTED with the list and entry when a screening list names it.',
  options: { profile: { type: 'string' }, json: { type: 'boolean' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    return ctx.withSession(profile, async (session) => {
      const book = await session.client.listCounterparties()
      const { findings } = await screeningHitsNow({
        store: session.store,
        client: { listCounterparties: async () => book },
      })
      const listed = new Map(findings.destinations.map((d) => [d.id, d]))
      if (v.json) {
        ctx.out(
          jsonText(
            book.map((c) => ({
              ...c,
              screening: listed.has(c.id) ? { list: listed.get(c.id)!.list, entry: listed.get(c.id)!.entry } : null,
            })),
          ),
        )
        return 0
      }
      if (book.length === 0) ctx.out('The destination book is empty.')
      else
        printTable(
          ctx.out,
          ['id', 'label', 'network', 'address', 'state', 'screening'],
          book.map((c) => {
            const hit = listed.get(c.id)
            return [
              c.id,
              c.label,
              c.network,
              c.address,
              c.can_send ? 'verified' : c.status,
              hit ? `LISTED: "${hit.list}" (${hit.entry})` : '-',
            ]
          }),
        )
      return 0
    })
  },
}
