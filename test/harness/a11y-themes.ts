import type { Page } from '@playwright/test'
import { checkA11y } from './e2e-fixtures'

/** axe on the current screen in the light and the dark theme (contrast differs between them). */
export async function checkA11yBothThemes(page: Page): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await checkA11y(page)
  }
  await page.emulateMedia({ colorScheme: 'light' })
}
