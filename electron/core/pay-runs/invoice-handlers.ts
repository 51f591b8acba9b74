import type { invoiceChannels } from '../../../shared/ipc/channels/invoices'
import type { payRunSendChannels } from '../../../shared/ipc/channels/pay-run-send'
import type { HandlersFor } from '../ipc/router'
import { profileDir } from '../profiles'
import type { SessionSource } from '../ipc/session-source'
import type { Profile } from '../profiles/profile'
import { attachInvoice, invoicesOfPayout, setPeriodInvoice } from './use-cases'

/** What these handlers use of the open profile's session. */
type InvoiceSession = Parameters<typeof setPeriodInvoice>[0] & { profile: Pick<Profile, 'id'> }

/**
 * A payout's invoices in the app: read, and attached from a PDF the page picked, as `invoice attach` does; and a pay
 * run line's invoice for one period, as `run invoice` does.
 */
export function invoiceHandlers({
  host,
  dataDir,
  actor,
}: {
  host: SessionSource<InvoiceSession>
  dataDir: string
  /** Who an invoice names: the person at the desk, or the OS user on a desk without people. */
  actor: () => string
}): HandlersFor<typeof invoiceChannels & Pick<typeof payRunSendChannels, 'payRuns.invoice'>> {
  return {
    'payRuns.invoice': async (input) => {
      const session = await host.session()
      const invoice = await setPeriodInvoice(session, profileDir(dataDir, session.profile.id), {
        name: input.name,
        period: input.period,
        line: input.line,
        number: input.number,
        pdf: input.base64 === null ? null : Buffer.from(input.base64, 'base64'),
        confirmRepeat: input.confirmRepeat,
        actor: actor(),
      })
      return { number: invoice.number, sha256: invoice.sha256 }
    },
    'invoices.ofPayout': async ({ ref }) => invoicesOfPayout((await host.session()).store, ref),
    'invoices.attach': async (input) => {
      const session = await host.session()
      const { invoice } = await attachInvoice(session.store, profileDir(dataDir, session.profile.id), {
        payout: input.ref,
        pdf: Buffer.from(input.base64, 'base64'),
        number: input.number,
        ...(input.amount === null ? {} : { amount: input.amount }),
        ...(input.due === null ? {} : { due: input.due }),
        confirmRepeat: input.confirmRepeat,
        actor: actor(),
      })
      // Read back as the detail lists it, with the review's sentence when the sums differ.
      return invoicesOfPayout(session.store, input.ref).find(
        (i) => i.number === invoice.number && i.sha256 === invoice.sha256,
      )!
    },
  }
}
