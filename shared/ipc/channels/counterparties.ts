import { z } from 'zod'
import { text } from '../../api/text'
import { CreateCounterpartySchema } from '../../api/requests'
import { LIMITS } from '../../api/limits'
import { channels } from '../channel'
import { CounterpartyViewSchema, LookalikeFindingViewSchema } from '../views'

/** The provider's counterparties: the destination book's entries as the provider keeps them. */
export const counterpartyChannels = channels({
  'counterparties.list': { input: z.strictObject({}), output: z.array(CounterpartyViewSchema) },
  'counterparties.create': {
    input: CreateCounterpartySchema,
    output: z.strictObject({ counterparty: CounterpartyViewSchema, alreadyExists: z.boolean() }),
  },
  /**
   * What a new destination's address resembles among every address the profile knows; the form shows the comparison.
   */
  'counterparties.lookalikes': {
    input: z.strictObject({ network: text().min(1).max(LIMITS.network), address: text().min(1).max(LIMITS.address) }),
    output: z.array(LookalikeFindingViewSchema),
  },
  /** Saves a look-alike after the person compared both addresses: `acceptLookalike` is the new address, exactly. */
  'counterparties.createLookalike': {
    input: z.strictObject({ body: CreateCounterpartySchema, acceptLookalike: text().min(1).max(LIMITS.address) }),
    output: z.strictObject({ counterparty: CounterpartyViewSchema, alreadyExists: z.boolean() }),
  },
})
