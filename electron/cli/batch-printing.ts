import type { BatchCheck, BatchProgress, FirstPayoutRow } from '../core/batch/use-cases'
import type { CliContext } from './cli-context'
import { shown } from '../../shared/text/visible-text'

/** A batch's check as the terminal shows it: problems on stderr, the review and first payouts on stdout. */
export function printProblems(ctx: CliContext, check: BatchCheck): void {
  for (const p of check.problems) ctx.err(`${p.severity === 'error' ? 'error' : 'confirm'}: ${shown(p.message)}`)
}

export function printReview(ctx: CliContext, check: BatchCheck): void {
  ctx.out(
    `${check.rows.length} row${check.rows.length === 1 ? '' : 's'} to pay; grand total (sum of the amount ` +
      `column) ${check.grandTotal}`,
  )
  for (const t of check.totals) {
    const usd =
      t.usd === null
        ? ''
        : `  (about ${t.usd.toLocaleString('en', { style: 'currency', currency: 'USD' })}, indicative)`
    ctx.out(
      `  ${shown(t.walletName)} (${shown(t.walletId)})  ${t.total} ${shown(t.asset)} on ${shown(t.network)} in ` +
        `${t.rows} row${t.rows === 1 ? '' : 's'}; available ${t.available}${usd}`,
    )
  }
  const destinations = [...new Set(check.rows.map((r) => r.destinationName))]
  ctx.out(
    `  to ${destinations.length} destination${destinations.length === 1 ? '' : 's'}: ` +
      `${destinations.slice(0, 10).join(', ')}${destinations.length > 10 ? ', …' : ''}`,
  )
}

/** Destinations never paid before, one line each (stdout: part of the review). */
export function printFirstPayouts(ctx: CliContext, first: readonly FirstPayoutRow[]): void {
  if (first.length === 0) return
  ctx.out(
    `  never paid before (no completed payout to the address on its network): ${first.length} ` +
      `destination${first.length === 1 ? '' : 's'}`,
  )
  for (const f of first)
    ctx.out(`    line ${f.line}: "${shown(f.destinationName)}" ${shown(f.address)} on ${shown(f.network)}`)
}

export function progressLine(p: BatchProgress): string {
  return (
    `sent ${p.sent}/${p.total}: accepted ${p.accepted}, refused ${p.refused}, unknown ` +
    `${p.unknown}${p.discarded ? `, discarded ${p.discarded}` : ''}${p.intent !== 'running' ? ` (${p.intent})` : ''}`
  )
}
