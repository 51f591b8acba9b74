import { expect, type Page } from '@playwright/test'
import { runAxe } from './e2e-axe'

/**
 * axe decides a text's contrast only when each of its lines lies over the same elements, which behind a backdrop
 * depends on the
 * page; a plain run passes an undecided line unmeasured. The dialog is opaque and rendered outside the app's root:
 * hiding the
 * app changes nothing inside the dialog and lets axe measure every line. A line still undecided fails, and so does a
 * run that
 * measured nothing (a dialog rendered inside the root again).
 */
export async function checkDialogContrast(page: Page): Promise<void> {
  await page.evaluate(`document.getElementById('root').style.visibility = 'hidden'`)
  try {
    const only = { runOnly: { type: 'rule' as const, values: ['color-contrast'] } }
    const result = await runAxe(page, only, '[role="dialog"]')
    expect(result.passes.length + result.violations.length).toBeGreaterThan(0)
    const undecided = [...result.violations, ...result.incomplete].flatMap((v) =>
      v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
    )
    expect(undecided).toEqual([])
  } finally {
    await page.evaluate(`document.getElementById('root').style.removeProperty('visibility')`)
  }
}
