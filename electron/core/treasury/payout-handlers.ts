import { userInfo } from 'node:os'
import type { payoutChannels } from '../../../shared/ipc/channels/payouts'
import type { HandlersFor } from '../ipc/router'
import { payoutReceipt } from '../payouts/receipt'
import { saveReceiptPdf, type ReceiptShell } from '../payouts/receipt-pdf-save'
import { searchPayouts, setPayoutNote } from '../payouts/payout-notes'
import { noteProviderLists } from '../destinations/lookalike-guard'
import { checkWithProvider } from '../payouts/preflight'
import { confirmProductionAmount } from '../payouts/production-confirmation'
import { DAMAGED_ROW_ADVICE } from '../store'
import { outboxEntryView, payoutResultView } from '../payouts/outbox-view'
import type { SessionHost } from '../session/session-host'

/** The outbox names the channel a payout came through (app, cli, agent) and, here, the desktop user. */
export function whoAmI(): string {
  try {
    return `app (${userInfo().username})`
  } catch {
    return 'app'
  }
}

/** Handlers for the payout outbox and the audit log of the open profile. */
export function payoutHandlers(host: SessionHost, requestedBy: () => string = whoAmI, shell: ReceiptShell = {}): HandlersFor<typeof payoutChannels> {
  return {
    'payouts.request': async ({ reference, retypedAmount, ...body }) => {
      const session = await host.session()
      confirmProductionAmount(session.profile, body.amount, retypedAmount)
      const checked = await checkWithProvider(session.client, body)
      // The destination's name goes into the payout's search text with the entry.
      noteProviderLists(session.store, [checked.destination], [])
      return payoutResultView(await session.payouts.request(body, requestedBy(), undefined, undefined, { reference }))
    },
    'payouts.outbox': async () => (await host.session()).payouts.outbox.list().map(outboxEntryView),
    'payouts.outboxDamaged': async () =>
      (await host.session()).payouts.outbox.problems().map((p) => ({ idempotencyKey: p.key, problem: p.problem, advice: DAMAGED_ROW_ADVICE })),
    'payouts.checkAgain': async ({ idempotencyKey }) => outboxEntryView(await (await host.session()).payouts.checkAgain(idempotencyKey)),
    'payouts.resend': async ({ idempotencyKey }) => outboxEntryView((await (await host.session()).payouts.resend(idempotencyKey)).entry),
    'payouts.discard': async ({ idempotencyKey }) => outboxEntryView(await (await host.session()).payouts.discard(idempotencyKey)),
    'payouts.search': async (query) => searchPayouts((await host.session()).store, query),
    'payouts.setNote': async ({ ref, note }) => setPayoutNote((await host.session()).store, ref, note, requestedBy()),
    'payouts.receipt': async ({ ref }) => {
      const session = await host.session()
      return payoutReceipt(session.store, session.client, ref)
    },
    'payouts.saveReceiptPdf': async ({ ref }) => saveReceiptPdf(shell, (await host.session()).store, ref),
    'audit.tail': async ({ limit }) => (await host.session()).audit.tail(limit),
  }
}
