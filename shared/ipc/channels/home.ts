import { z } from 'zod'
import { channels } from '../channel'
import { EnvironmentSchema } from './profiles'

const AssetAmountSchema = z.strictObject({ asset: z.string(), amount: z.string() })

export const ProfileGlanceSchema = z.strictObject({
  profileId: z.string(),
  name: z.string(),
  environment: EnvironmentSchema,
  /** Null when the profile's store has never been opened on this machine. */
  store: z
    .strictObject({
      /** Summed over the profile's wallets and networks, from the last wallet read; null when none was kept. */
      balances: z
        .strictObject({ readAt: z.string(), wallets: z.number().int(), byAsset: z.array(AssetAmountSchema) })
        .nullable(),
      waitingApproval: z.number().int(),
      /**
       * When the waiting count was read (the oldest read of a payout it counts, else the last read of any payout);
       * null when no payout was ever read, and the count says nothing.
       */
      waitingReadAt: z.string().nullable(),
      held: z.number().int(),
      unresolved: z.number().int(),
      ledger: z
        .strictObject({ complete: z.boolean(), syncedAt: z.string().nullable(), lastError: z.string().nullable() })
        .nullable(),
    })
    .nullable(),
  /** Why the store could not be read (damaged, locked); the other profiles are still shown. */
  problem: z.string().nullable(),
})

export const HomeSummarySchema = z.strictObject({
  profiles: z.array(ProfileGlanceSchema),
  /** Per environment, never across: a sandbox's test coins are not production money. */
  totals: z.array(z.strictObject({ environment: EnvironmentSchema, byAsset: z.array(AssetAmountSchema) })),
})
export type HomeSummary = z.infer<typeof HomeSummarySchema>
export type ProfileGlance = z.infer<typeof ProfileGlanceSchema>

export const homeChannels = channels({
  /** Every profile at a glance, read from each profile's store only: no request reaches any provider. */
  'home.summary': { input: z.strictObject({}), output: HomeSummarySchema },
})
