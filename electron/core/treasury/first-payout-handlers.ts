import type { firstPayoutChannels } from '../../../shared/ipc/channels/first-payouts'
import type { HandlersFor } from '../ipc/router'
import { firstPayoutTo } from '../payouts/first-payout'
import { checkWithProvider } from '../payouts/preflight'
import { confirmProductionAmount } from '../payouts/production-confirmation'
import { TestPayouts } from '../payouts/test-payouts'
import { payoutResultView } from '../payouts/outbox-view'
import { whoAmI } from './payout-handlers'
import type { SessionHost } from '../session/session-host'

/** The review's first-payout fact and its test payouts, for the open profile. */
export function firstPayoutHandlers(host: SessionHost, requestedBy: () => string = whoAmI): HandlersFor<typeof firstPayoutChannels> {
  const tests = async () => {
    const session = await host.session()
    return { session, tests: new TestPayouts(session.store, session.payouts) }
  }
  return {
    'payouts.firstPayout': async ({ network, address }) => {
      const session = await host.session()
      return { first: await firstPayoutTo(session.store, session.client, network, address) }
    },
    'payouts.requestTest': async ({ body, testAmount, retypedAmount }) => {
      const { session, tests: t } = await tests()
      confirmProductionAmount(session.profile, testAmount.trim(), retypedAmount)
      // The full payout is checked as the form would send it; the test is a part of it.
      await checkWithProvider(session.client, body)
      return payoutResultView(await t.request(body, testAmount, requestedBy()))
    },
    'payouts.tests': async () => (await tests()).tests.list(),
    'payouts.requestRest': async ({ testKey, retypedAmount }) => {
      const { session, tests: t } = await tests()
      const rest = t.restOf(testKey)
      confirmProductionAmount(session.profile, rest.amount, retypedAmount)
      await checkWithProvider(session.client, rest)
      return payoutResultView(await t.requestRest(testKey, requestedBy()))
    },
    'payouts.dismissTest': async ({ testKey }) => {
      const { tests: t } = await tests()
      t.dismiss(testKey)
      return {}
    },
  }
}
