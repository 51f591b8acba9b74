import type { firstPayoutChannels } from '../../../shared/ipc/channels/first-payouts'
import type { HandlersFor } from '../ipc/router'
import { dismissTest, isFirstPayoutTo, requestRestOfTest, requestTestPayout, testPayouts } from './use-cases'
import { whoAmI } from '../audit/use-cases'
import type { SessionSource } from '../ipc/session-source'

/** What these handlers use of the open profile's session. */
type TestPayoutSession = Parameters<typeof isFirstPayoutTo>[0] &
  Parameters<typeof requestTestPayout>[0] &
  Parameters<typeof testPayouts>[0] &
  Parameters<typeof requestRestOfTest>[0] &
  Parameters<typeof dismissTest>[0]

/** The review's first-payout fact and its test payouts, for the open profile. */
export function firstPayoutHandlers(
  host: SessionSource<TestPayoutSession>,
  requestedBy: () => string = whoAmI,
): HandlersFor<typeof firstPayoutChannels> {
  return {
    'payouts.firstPayout': async ({ network, address }) => ({
      first: await isFirstPayoutTo(await host.session(), network, address),
    }),
    'payouts.requestTest': async (input) => requestTestPayout(await host.session(), input, requestedBy()),
    'payouts.tests': async () => testPayouts(await host.session()),
    'payouts.requestRest': async (input) => requestRestOfTest(await host.session(), input, requestedBy()),
    'payouts.dismissTest': async ({ testKey }) => {
      dismissTest(await host.session(), testKey)
      return {}
    },
  }
}
