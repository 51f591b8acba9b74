/**
 * Each screen in the light and the dark theme: its screenshots under test-results/screens and axe's checks.
 * test/harness/e2e-fixtures.ts re-exports these for the specs.
 */
import { expect, type Page } from '@playwright/test'
import { join } from 'node:path'
import { checkDialogContrast } from './dialog-contrast'
import { runAxe, SERIOUS_RULES } from './e2e-axe'

const SCREENS = join(import.meta.dirname, '..', '..', 'test-results', 'screens')

type Scheme = 'light' | 'dark'
const SCHEMES: readonly Scheme[] = ['light', 'dark']

/** Saves the current screen under test-results/screens, in the light and the dark theme. */
export async function snap(page: Page, name: string): Promise<void> {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme })
    await shoot(page, name, scheme)
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

async function shoot(page: Page, name: string, scheme: Scheme): Promise<void> {
  await page.screenshot({ path: join(SCREENS, `${name}-${scheme}.png`), fullPage: true })
}

/**
 * The rules whose outcome depends on colour. The themes differ in colour only (renderer/src/styles/theme.css: each
 * colour is one light-dark() pair), so the dark theme needs these again and nothing else.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/**
 * axe on the current screen: every rule that can report a serious or critical violation (SERIOUS_RULES) in the light
 * theme, the colour rules again in the dark one (contrast differs between them): no serious or critical violation;
 * with a dialog open, every line of its text is measured too. Only violations are gathered: building the passes of a
 * long table cost more than the rules.
 */
export async function checkA11y(page: Page): Promise<void> {
  const dialogOpen = (await page.getByRole('dialog').count()) > 0
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme })
    await axeInTheme(page, scheme, dialogOpen)
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

/** axe's checks in the theme the page shows now (see checkA11y). */
async function axeInTheme(page: Page, scheme: Scheme, dialogOpen: boolean): Promise<void> {
  const only = { runOnly: { type: 'rule' as const, values: scheme === 'light' ? [...SERIOUS_RULES] : COLOUR_RULES } }
  const result = await runAxe(page, { resultTypes: ['violations'], ...only })
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${scheme}: ${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`)
          .join('; ')}`,
    )
  expect(bad).toEqual([])
  if (dialogOpen) await checkDialogContrast(page)
}

/**
 * Screenshots of the current screen and axe, both themes: each theme is switched to once and shot before axe runs
 * in it (snap then checkA11y restyled the page four times).
 */
export async function snapAndCheck(page: Page, name: string): Promise<void> {
  const dialogOpen = (await page.getByRole('dialog').count()) > 0
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme })
    await shoot(page, name, scheme)
    await axeInTheme(page, scheme, dialogOpen)
  }
  await page.emulateMedia({ colorScheme: 'light' })
}
