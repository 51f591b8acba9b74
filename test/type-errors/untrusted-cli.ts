import type { CliContext } from '../../electron/cli/cli-context'
import { cliRows } from '../../electron/cli/cli-rows'
import { printTable } from '../../electron/cli/terminal-output'
import { PayoutHitViewSchema, type PayoutHit } from '../../shared/payouts/payout-search'
import { shown, shownLine } from '../../shared/text/visible-text'

/** A CLI row's untrusted text reaches the terminal only through the formatter: printing it raw does not compile. */
declare const ctx: CliContext
declare const found: PayoutHit[]
const [hit] = cliRows(PayoutHitViewSchema.array(), found)

if (hit) {
  ctx.out(shownLine`Payout to ${hit.destinationName ?? hit.address}`)
  ctx.out(hit.note === null ? 'no note' : shown(hit.note))
  printTable(ctx.out, ['REFERENCE'], [[hit.reference ?? '']])

  const { reference } = hit
  ctx.out(reference) // must not compile
  ctx.out(hit.requestedBy!.trim()) // must not compile
  ctx.out(hit.destinationName!.slice(0, 40)) // must not compile
  ctx.out(String(hit.note)) // must not compile
  ctx.err([hit.note].join(' ')) // must not compile
  ctx.out([hit.reference]) // must not compile
}
