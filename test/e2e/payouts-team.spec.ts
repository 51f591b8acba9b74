import { randomUUID } from 'node:crypto'
import { makeClient, registerKey } from '../harness/api-fixture'
import { payableBody } from '../harness/e2e-destinations'
import { consoleGet, consolePost, expect, openSection, onWallets, snap, test } from '../harness/e2e-fixtures'
import { openPayoutTab } from '../harness/e2e-payout-tabs'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

/**
 * Records, for the whole life of the page, every moment "Waiting on the console" claimed a count of 0 or that none
 * waits.
 */
const RECORD_GUESSES = `(() => {
  const guesses = []
  window.__guesses = guesses
  const look = () => {
    const panel = document.querySelector('[data-testid="console-waiting"]')
    if (!panel) return
    const text = panel.textContent ?? ''
    if (/Waiting on the console \\(0\\)/.test(text) || text.includes('No payout waits for approval')) guesses.push(text.slice(0, 80))
  }
  new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true })
})()`

/**
 * Payouts requested by another client of the workspace (a colleague's tool), each waiting for approval in the console.
 */
async function requestElsewhere(
  baseUrl: string,
  body: Awaited<ReturnType<typeof payableBody>>,
  count: number,
): Promise<void> {
  // The provider's limit counts per key; the seeding is not what this test measures.
  await consolePost(baseUrl, '/settings', { rate_limit_per_minute: 100_000 })
  const client = makeClient(baseUrl, (await registerKey(baseUrl)).signer)
  for (let i = 0; i < count; i += 25) {
    await Promise.all(
      Array.from({ length: Math.min(25, count - i) }, () => client.createWithdrawal(body, randomUUID())),
    )
  }
}

test('302 payouts waiting on the console: the count is right from the first paint or says it is loading, and the list comes in pages', async ({
  app,
  sim,
}) => {
  const { page, desk } = app
  await page.addInitScript(RECORD_GUESSES)
  await page.reload()
  await onWallets(page)
  await requestElsewhere(sim.sandbox.url, await payableBody(desk, '0.001'), 300)
  const pending = (
    await consoleGet<Array<{ status: string; workspace_id: string }>>(sim.sandbox.url, '/withdrawals')
  ).filter((w) => w.workspace_id === 'ws-demo' && w.status === 'pending_approval').length
  expect(pending).toBeGreaterThanOrEqual(300)

  await openSection(page, 'Payouts')
  await openPayoutTab(page, 'Waiting')
  const panel = page.getByRole('region', { name: 'Waiting on the console' })
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(`Waiting on the console (${pending})`, {
    timeout: 60_000,
  })
  expect(await page.evaluate('window.__guesses')).toEqual([])

  // A page of rows, not 302: the search and the payout list stay in reach.
  await expect(panel.getByTestId('console-waiting-row')).toHaveCount(20)
  await expect(panel.getByTestId('pager-position')).toHaveText(`Rows 1–20 of ${pending}`)
  await panel.getByRole('button', { name: 'Next' }).click()
  await expect(panel.getByTestId('pager-position')).toHaveText(`Rows 21–40 of ${pending}`)
  await expect(page.getByRole('tab', { name: /^Waiting/ })).toContainText(String(pending))
  await snap(page, 'waiting-on-console-302')
  // The search and the payout list are one tab away, at the top of it (issue 54).
  await openPayoutTab(page, 'History')
  const search = page.getByRole('search', { name: 'Filter payouts' })
  await expect(search).toBeInViewport()
  await openPayoutTab(page, 'Waiting')

  // A reload paints the screen again while the key's budget is spent on following the payouts: the count is the
  // right one or says it is loading, never 0. The route keeps the tab: the reload lands on Waiting.
  await page.reload()
  await expect(page.getByRole('tab', { name: /^Waiting/ })).toHaveAttribute('aria-selected', 'true')
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(
    new RegExp(`^Waiting on the console \\((${pending}|loading…)\\)$`),
  )
  expect(await page.evaluate('window.__guesses')).toEqual([])
})

test('Escape closes the payout review, the payout form and the batch screen', async ({ app, sim }) => {
  const { page, desk } = app
  await onWallets(page)
  const body = await payableBody(desk, '0.02')
  const { withdrawal } = await desk.router.call('payouts.requestTest', {
    body,
    testAmount: '0.01',
    retypedAmount: null,
  })
  for (const step of ['approve', 'process', 'complete'])
    await consolePost(sim.sandbox.url, `/withdrawals/${withdrawal!.id}/${step}`)
  await openSection(page, 'Payouts')
  await openPayoutTab(page, 'Waiting')

  await page.getByRole('button', { name: 'Review the rest' }).click({ timeout: 30_000 })
  const review = page.getByRole('region', { name: 'Review payout' })
  await expect(review).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(review).toHaveCount(0)
  // Back on the tab the review was opened from.
  await expect(page.getByRole('tab', { name: /^Waiting/ })).toHaveAttribute('aria-selected', 'true')

  await page.getByRole('button', { name: 'New payout' }).click()
  const form = page.getByRole('form', { name: 'New payout' })
  await expect(form).toBeVisible()
  await form.getByLabel('Reference (optional)').fill('INV-kept')
  await page.keyboard.press('Escape')
  await expect(form).toHaveCount(0)
  // What was typed is kept for the next New payout, opened here by its shortcut; Cancel forgets it.
  await page.keyboard.press(`${process.platform === 'darwin' ? 'Meta' : 'Control'}+n`)
  await expect(form.getByLabel('Reference (optional)')).toHaveValue('INV-kept')
  await form.getByRole('button', { name: 'Cancel' }).click()
  await page.getByRole('button', { name: 'New payout' }).click()
  await expect(form.getByLabel('Reference (optional)')).toHaveValue('')
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: 'Batch from CSV' }).click()
  await expect(page.getByTestId('batch-screen')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('batch-screen')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'New payout' })).toBeEnabled()
})
