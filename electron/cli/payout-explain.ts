import { explainPayout } from '../core/payee-checks/use-cases'
import type { Action } from './command'
import { printTable } from './terminal-output'
import { jsonText, shown } from '../../shared/text/visible-text'

const MARK = { pass: 'ok', ask: 'confirm', stop: 'STOP' } as const

/** `payout explain`: every check a payout to a destination passes before it is sent, and what each found. */
export const explain: Action = {
  name: 'payout explain',
  usage: 'payout explain --profile N --destination ADDRESS --network ID [--json]',
  summary:
    'Lists each check a payout to ADDRESS on the network passes before it is sent, with its result: verified ' +
    "in the book, first payout, payee change (a known payee's new address, its wait and confirmation), " +
    'look-alike of a known address, screening lists (with their dates). "confirm" asks a person\'s ' +
    'confirmation; "STOP" is never sent. Reads the destination book once; sends nothing.',
  options: {
    profile: { type: 'string' },
    destination: { type: 'string' },
    network: { type: 'string' },
    json: { type: 'boolean' },
  },
  required: ['profile', 'destination', 'network'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    return ctx.withSession(profile, async (s) => {
      const book = await s.client.listCounterparties()
      const body = {
        wallet_id: '-',
        asset: '-',
        amount: '0',
        destination: v.destination as string,
        network: v.network as string,
      }
      const checks = explainPayout(s.store, book, body)
      if (v.json) ctx.out(jsonText(checks))
      else
        printTable(
          ctx.out,
          ['check', 'result', 'detail'],
          checks.map((c) => [c.check, MARK[c.result], shown(c.detail)]),
        )
      return checks.some((c) => c.result === 'stop') ? 1 : 0
    })
  },
}
