import axeCore, { type AxeResults, type RunOptions } from 'axe-core'
import type { Page } from '@playwright/test'

/**
 * axe-core run in the page itself. AxeBuilder injected axe's ~500 kB source at every analyze() and finished each run
 * in a new blank page; here the source goes in once per document (again only after a navigation or reload) and each
 * state is one `axe.run`. The app has no frames, so the one document holds everything axe checks.
 */
export async function runAxe(page: Page, options: RunOptions, include?: string): Promise<AxeResults> {
  const present = await page.evaluate(() => typeof (globalThis as { axe?: unknown }).axe === 'object')
  if (!present) await page.evaluate(axeCore.source)
  return page.evaluate(
    ([selector, o]) =>
      (globalThis as unknown as { axe: typeof axeCore }).axe.run(selector ? { include: [[selector]] } : document, o),
    [include, options] as const,
  )
}
