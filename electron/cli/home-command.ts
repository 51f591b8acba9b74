import { profilesAtAGlance } from '../core/home/use-cases'
import { jsonText, shown } from '../../shared/text/visible-text'
import type { ProfileGlance } from '../../shared/ipc/channels/home'
import { singleCommand } from './command'
import { printTable } from './terminal-output'

const assets = (list: ReadonlyArray<{ asset: string; amount: string }>) =>
  list.map((a) => `${a.amount} ${a.asset}`).join(', ')

function ledgerText(s: NonNullable<ProfileGlance['store']>): string {
  if (!s.ledger) return 'not synced'
  if (s.ledger.lastError) return `last sync failed: ${s.ledger.lastError}`
  return s.ledger.syncedAt
    ? `${s.ledger.complete ? 'complete' : 'partial'}, synced ${s.ledger.syncedAt}`
    : 'first sync not finished'
}

export const homeCommand = singleCommand({
  name: 'home',
  usage: 'home [--json]',
  summary:
    'Every profile at a glance from the stores on this computer, with no request to any provider: balances of ' +
    'the last wallet read (and its time), payouts waiting for approval, held agent requests, unresolved ' +
    "outbox entries, the ledger's sync. Totals per environment, never summed across.",
  options: { json: { type: 'boolean' } },
  async run(ctx, v) {
    const home = await profilesAtAGlance(ctx.home, ctx.keys.profiles)
    if (v.json) {
      ctx.out(jsonText(home))
      return 0
    }
    printTable(
      ctx.out,
      ['PROFILE', 'ENV', 'BALANCES (LAST READ)', 'READ AT', 'WAITING', 'HELD', 'UNRESOLVED', 'LEDGER'],
      home.profiles.map((p) => {
        const s = p.store
        if (!s)
          return [
            p.name,
            p.environment,
            p.problem ? `store unreadable: ${p.problem}` : 'not opened on this computer',
            '',
            '',
            '',
            '',
            '',
          ]
        return [
          p.name,
          p.environment,
          s.balances ? assets(s.balances.byAsset) : 'no wallet read kept',
          s.balances?.readAt ?? '',
          String(s.waitingApproval),
          String(s.held),
          String(s.unresolved),
          ledgerText(s),
        ]
      }),
    )
    for (const t of home.totals) ctx.out(`Total ${t.environment}: ${shown(assets(t.byAsset))}`)
    return 0
  },
})
