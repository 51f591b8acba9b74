import type { Locator, Page } from '@playwright/test'
import { openSection } from './e2e-fixtures'

/**
 * The Agent screen with the agent's write tools allowed on the sandbox profile, through their confirmation as a person
 * does it: the agent policy panel, ready to edit.
 */
export async function allowAgentTools(page: Page): Promise<Locator> {
  await openSection(page, 'Agent')
  await page.getByLabel(/Allow the agent's write tools/).click()
  await page
    .getByRole('dialog', { name: 'Allow agent write tools?' })
    .getByRole('button', { name: 'Allow in SANDBOX' })
    .click()
  return page.getByRole('region', { name: 'Agent policy' })
}
