import type { BatchCheck, BatchProgress } from '../core/batch/use-cases'
import { withName } from './batch-destinations'
import type { CliContext } from './cli-context'
import { shown } from '../../shared/text/visible-text'
import { approvalLine } from '../../shared/payouts/approval-progress'

/** A batch's check as the terminal shows it: problems on stderr, the review and first payouts on stdout. */
export function printProblems(ctx: CliContext, check: BatchCheck): void {
  for (const p of check.problems) ctx.err(`${p.severity === 'error' ? 'error' : 'confirm'}: ${shown(p.message)}`)
}

/** The review's totals, one line per wallet and asset (the wallet's name last, cut to the line's limit). */
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
      withName(
        `  ${t.total} ${shown(t.asset)} on ${shown(t.network)} in ${t.rows} row${t.rows === 1 ? '' : 's'}; ` +
          `available ${t.available}${usd}; from ${shown(t.walletId)} `,
        t.walletName,
      ),
    )
  }
}

export function progressLine(p: BatchProgress): string {
  return (
    `sent ${p.sent}/${p.total}: accepted ${p.accepted}, refused ${p.refused}, unknown ` +
    `${p.unknown}${p.discarded ? `, discarded ${p.discarded}` : ''}${p.intent !== 'running' ? ` (${p.intent})` : ''}`
  )
}

/** The accepted rows by where they stand with the approvers, as `batch status` prints them. */
export const approvalProgressLine = (p: BatchProgress): string => `approvals: ${approvalLine(p.approval)}`
