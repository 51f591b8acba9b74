import type { Locator, Page } from '@playwright/test'
import { createSupplier } from '../harness/e2e-destinations'
import { consolePost, expect, onWallets, snap, test } from '../harness/e2e-fixtures'
import { NEW_DESTINATION_TICK } from '../harness/e2e-first-payout'
import { destinationPicker } from '../harness/destination-picker'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'
const MOD = process.platform === 'darwin' ? 'Meta' : 'Control'

/** Presses Tab until `target` has the focus; fails when it is not reachable that way. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (
      await target.evaluate(
        (el) => (el as unknown as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement === el,
      )
    )
      return
    await page.keyboard.press('Tab')
  }
  throw new Error(`not reachable with Tab: ${target.toString()}`)
}

/** Moves a focused select with the arrow keys until it holds `value`. */
async function arrowTo(page: Page, select: Locator, value: string): Promise<void> {
  for (let i = 0; i < 40 && (await select.inputValue()) !== value; i++) await page.keyboard.press('ArrowDown')
  expect(await select.inputValue()).toBe(value)
}

test("Payouts' tabs take one tab stop, the arrows and Home/End; Ctrl/⌘+N opens a new payout", async ({ app }) => {
  const { page } = app
  await onWallets(page)
  await page.keyboard.press(`${MOD}+4`)
  const tab = (name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) })
  await tabTo(page, tab('History'))
  await page.keyboard.press('ArrowLeft')
  await expect(tab('Held')).toBeFocused()
  await expect(tab('Held')).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Home')
  await expect(tab('Waiting')).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('End')
  await expect(tab('History')).toBeFocused()
  await expect(page.getByLabel('Search payouts')).toBeVisible()

  // From another screen, the shortcut opens the flow, focus on its heading as after a section shortcut.
  await page.keyboard.press(`${MOD}+2`)
  await page.keyboard.press(`${MOD}+n`)
  await expect(page.getByRole('heading', { name: 'New payout', level: 1 })).toBeFocused()
  await expect(page.getByRole('form', { name: 'New payout' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(tab('History')).toHaveAttribute('aria-selected', 'true')
})

test('a payout requested with the keyboard only; shortcuts, focus ring, / and Escape', async ({ app, sim }) => {
  const { page, desk } = app
  await onWallets(page)
  const counterparty = await createSupplier(desk)
  await consolePost(sim.sandbox.url, `/counterparties/${counterparty.id}/verify`)
  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia'),
  )!

  // Sections by shortcut.
  for (const [key, name] of [
    ['3', 'Transactions'],
    ['7', 'Destinations'],
    ['9', 'Agent'],
    [',', 'Keys & profiles'],
    ['2', 'Wallets'],
    ['1', 'Home'],
    ['4', 'Payouts'],
  ] as const) {
    await page.keyboard.press(`${MOD}+${key}`)
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  }

  // `/` jumps to the search field of Payouts and of Destinations.
  await page.locator('body').focus()
  await page.keyboard.press('/')
  await expect(page.getByLabel('Search payouts')).toBeFocused()
  await page.keyboard.press(`${MOD}+7`)
  await page.locator('body').focus()
  await page.keyboard.press('/')
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeFocused()

  // The payout, keyboard only.
  await page.keyboard.press(`${MOD}+4`)
  const newPayout = page.getByRole('button', { name: 'New payout' })
  await tabTo(page, newPayout)
  await expect(newPayout).toHaveCSS('outline-style', 'solid')
  await page.keyboard.press('Enter')
  const form = page.getByRole('form', { name: 'New payout' })
  const from = form.getByLabel('From wallet')
  await tabTo(page, from)
  await arrowTo(page, from, wallet.id)
  const asset = form.getByLabel('Asset')
  await tabTo(page, asset)
  await arrowTo(page, asset, 'USDC')
  const network = form.getByLabel('Network')
  if (await network.isVisible()) {
    await tabTo(page, network)
    await arrowTo(page, network, 'ethereum-sepolia')
  }
  await tabTo(page, form.getByLabel(/^Amount/))
  await page.keyboard.type('2.5')
  // The destination picker: typed into, the match chosen with Enter.
  const to = destinationPicker(form)
  await tabTo(page, to)
  await page.keyboard.type(ADDRESS.slice(-8))
  await expect(to).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Enter')
  await expect(to).toHaveValue(new RegExp(`${ADDRESS}$`))
  await tabTo(page, form.getByRole('button', { name: 'Review' }))
  await page.keyboard.press('Enter')
  const review = page.getByRole('region', { name: 'Review payout' })
  // A new destination: its tick is reached and set from the keyboard too.
  await tabTo(page, review.getByLabel(NEW_DESTINATION_TICK))
  await page.keyboard.press('Space')
  await tabTo(page, review.getByRole('button', { name: 'Request payout' }))
  await snap(page, 'keyboard-review-focus')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('payout-outcome')).toContainText('Requested — waiting for approval in the console.')

  // Transactions: a row opens with Enter, its hash copies from the keyboard, Escape closes the detail.
  await page.keyboard.press(`${MOD}+3`)
  const row = page
    .getByRole('row')
    .filter({ has: page.locator('[role="cell"]') })
    .first()
  await tabTo(page, row)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('tx-detail')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('tx-detail')).toBeHidden()
  const copy = page.getByRole('button', { name: /^Copy transaction hash/ }).first()
  await tabTo(page, copy)
  await page.keyboard.press('Enter')
  await expect(copy).toHaveText('Copied')
  await expect(page.getByTestId('tx-detail')).toBeHidden()
  // `/` puts the cursor in the ledger's search.
  await page.keyboard.press('/')
  await expect(page.getByLabel('Search')).toBeFocused()
})
