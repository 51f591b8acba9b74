import type { Locator } from '@playwright/test'
import { expect } from './e2e-fixtures'

export const NEW_DESTINATION_TICK = 'I have checked this new destination with the recipient'

/** On a review: once core has said whether the address was paid before, ticks "never paid before" when it shows. */
export async function confirmNewDestination(review: Locator): Promise<void> {
  await expect(review.getByText('Checking whether this address was paid before…')).toHaveCount(0)
  const tick = review.getByLabel(NEW_DESTINATION_TICK)
  if ((await tick.count()) > 0) await tick.check()
}
