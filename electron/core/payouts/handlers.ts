import type { payoutChannels } from '../../../shared/ipc/channels/payouts'
import { whoAmI, type AuditLog } from '../audit/use-cases'
import type { HandlersFor } from '../ipc/router'
import { saveReceiptPdf, type ReceiptShell } from './receipt-pdf-save'
import {
  checkAgain,
  discard,
  findPayouts,
  notePayout,
  readOutbox,
  receiptOf,
  requestAgainAsShown,
  requestPayout,
  resend,
} from './use-cases'
import type { SessionSource } from '../ipc/session-source'
import type { Profile } from '../profiles/profile'
import type { DeskStore } from '../store'

/** What these handlers use of the open profile's session. */
type PayoutHandlerSession = Parameters<typeof requestPayout>[0] &
  Parameters<typeof requestAgainAsShown>[0] &
  Parameters<typeof checkAgain>[0] &
  Parameters<typeof resend>[0] &
  Parameters<typeof discard>[0] &
  Parameters<typeof receiptOf>[0] & {
    store: DeskStore
    profile: Pick<Profile, 'environment'>
    audit: Pick<AuditLog, 'tail'>
  }

/** Handlers for the payout outbox and the audit log of the open profile. */
export function payoutHandlers(
  host: SessionSource<PayoutHandlerSession>,
  requestedBy: () => string = whoAmI,
  shell: ReceiptShell = {},
): HandlersFor<typeof payoutChannels> {
  return {
    'payouts.request': async ({ againOf, ...input }) =>
      againOf === undefined
        ? requestPayout(await host.session(), input, requestedBy())
        : requestAgainAsShown(await host.session(), againOf, input, requestedBy()),
    'payouts.outbox': async () => readOutbox((await host.session()).store).entries,
    'payouts.outboxDamaged': async () => readOutbox((await host.session()).store).damaged,
    'payouts.checkAgain': async ({ idempotencyKey }) => checkAgain(await host.session(), idempotencyKey),
    'payouts.resend': async ({ idempotencyKey }) => resend(await host.session(), idempotencyKey),
    'payouts.discard': async ({ idempotencyKey }) => discard(await host.session(), idempotencyKey),
    'payouts.search': async (query) => findPayouts((await host.session()).store, query),
    'payouts.setNote': async ({ ref, note }) => notePayout((await host.session()).store, ref, note, requestedBy()),
    'payouts.receipt': async ({ ref }) => receiptOf(await host.session(), ref),
    'payouts.saveReceiptPdf': async ({ ref }) => {
      const session = await host.session()
      return saveReceiptPdf(shell, session.store, ref, session.profile.environment)
    },
    'audit.tail': async ({ limit }) => (await host.session()).audit.tail(limit),
  }
}
