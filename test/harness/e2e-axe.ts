import axeCore, { type AxeResults, type RunOptions } from 'axe-core'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'

/** The minified build of the same axe-core: 550 kB for each page to parse, not axe.js's 1.2 MB (0.3 CPU-s a page). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

type RuleSpec = { id: string; impact?: string; enabled?: boolean; tags: string[] }
const audit = (axeCore as unknown as { _audit: { rules: RuleSpec[]; tagExclude: string[] } })._audit

/**
 * Of the rules axe runs by default (on, and not tagged experimental or deprecated), those that can report a serious
 * or critical violation, the only ones the checks fail on. A rule with an impact of its own reports every violation
 * at that impact (axe's finalizeRuleResult overrides its checks'), so the minor and moderate ones (region, the
 * landmark rules, heading order: 26 of 89) cannot fail a check and cost a sixth of a run. A rule without an impact,
 * or one an axe upgrade raises, stays in.
 */
export const SERIOUS_RULES: readonly string[] = audit.rules
  .filter((r) => r.enabled !== false && !r.tags.some((t) => audit.tagExclude.includes(t)))
  .filter((r) => r.impact !== 'minor' && r.impact !== 'moderate')
  .map((r) => r.id)

/**
 * axe-core run in the page itself. AxeBuilder injected axe's source at every analyze() and finished each run in a new
 * blank page; here the source goes in once per document (again only after a navigation or reload) and each state is
 * one `axe.run`. The app has no frames, so the one document holds everything axe checks.
 */
export async function runAxe(page: Page, options: RunOptions, include?: string): Promise<AxeResults> {
  const present = await page.evaluate(() => typeof (globalThis as { axe?: unknown }).axe === 'object')
  if (!present) await page.evaluate(AXE_SOURCE)
  return page.evaluate(
    ([selector, o]) =>
      (globalThis as unknown as { axe: typeof axeCore }).axe.run(selector ? { include: [[selector]] } : document, o),
    [include, options] as const,
  )
}
