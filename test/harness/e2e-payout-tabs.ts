import type { Page } from '@playwright/test'
import { expect } from './e2e-fixtures'

/** Payouts shows Waiting, Held and History one at a time (issue 54): opens one by its tab, the count aside. */
export async function openPayoutTab(page: Page, name: 'Waiting' | 'Held' | 'History'): Promise<void> {
  const tab = page.getByRole('tablist', { name: 'Payouts' }).getByRole('tab', { name: new RegExp(`^${name}`) })
  await tab.click()
  await expect(tab).toHaveAttribute('aria-selected', 'true')
}
