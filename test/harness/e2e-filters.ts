import type { Page } from '@playwright/test'

/** Opens a filter bar's "More filters" (components/FilterBar), where the filters beyond the first few are. */
export async function moreFilters(page: Page, search = 'Filter transactions'): Promise<void> {
  const toggle = page.getByRole('search', { name: search }).getByRole('button', { name: /^More filters/ })
  if ((await toggle.count()) > 0) await toggle.click()
}

/** Opens a filter bar's Export menu, where the export's format and button are. */
export async function openExportMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Export ▾' }).click()
}
