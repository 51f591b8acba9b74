import { createSupplier } from '../harness/e2e-destinations'
import { consolePost, expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'
import { confirmNewDestination } from '../harness/e2e-first-payout'
import { chooseDestination } from '../harness/destination-picker'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'

/** The grouping the test expects, written out by hand (not with the app's formatter). */
const LOCALES = [
  { locale: 'de-DE', group: '.', decimal: ',' },
  { locale: 'en-US', group: ',', decimal: '.' },
] as const

function grouped(value: string, group: string, decimal: string): string {
  const [int, frac] = value.split('.')
  const withGroups = int!.replace(/\B(?=(\d{3})+(?!\d))/g, group)
  return frac === undefined ? withGroups : `${withGroups}${decimal}${frac}`
}

for (const { locale, group, decimal } of LOCALES) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale, timezoneId: 'Asia/Tokyo' })

    test(`amounts are grouped for ${locale}, copy the exact value, and the payout sent is the decimal typed`, async ({
      app,
      sim,
    }) => {
      const { page, desk } = app
      await onWallets(page)
      const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
        w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia' && Number(b.available) > 2000),
      )!
      const usdc = wallet.balances.find((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia')!
      await page.getByRole('table', { name: 'Wallets' }).getByRole('button', { name: wallet.name }).click()
      const balances = page.getByRole('table', { name: 'Balances' })
      const shown = balances.locator(`[data-value="${usdc.amount}"]`).first()
      await expect(shown).toHaveText(`${grouped(usdc.amount, group, decimal)} USDC`)
      // Money in the UI font with tabular figures (issue 54): monospace is for addresses and hashes.
      await expect(shown).toHaveCSS('font-variant-numeric', 'tabular-nums')
      await expect(shown).not.toHaveCSS('font-family', /mono/i)
      await shown.selectText()
      await page.keyboard.press('Control+C')
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe(usdc.amount)
      await snap(page, `numbers-wallet-${locale}`)

      const counterparty = await createSupplier(desk)
      await consolePost(sim.sandbox.url, `/counterparties/${counterparty.id}/verify`)
      await openSection(page, 'Payouts')
      await page.getByRole('button', { name: 'New payout' }).click()
      const form = page.getByRole('form', { name: 'New payout' })
      await form.getByLabel('From wallet').selectOption({ label: wallet.name })
      await form.getByLabel('Asset').selectOption('USDC')
      const network = form.getByLabel('Network')
      if (await network.isVisible()) await network.selectOption('ethereum-sepolia')
      // The amount field takes the API's notation in every locale: a comma is refused, never reinterpreted.
      await form.getByLabel(/^Amount/).fill('1234,5')
      await expect(form.getByText('Use digits and a dot only')).toBeVisible()
      await form.getByLabel(/^Amount/).fill('1234.5')
      await chooseDestination(form, `Supplier · ${ADDRESS}`)
      await form.getByRole('button', { name: 'Review' }).click()
      const review = page.getByRole('region', { name: 'Review payout' })
      await expect(review.locator('[data-value="1234.5"]').first()).toHaveText(
        `${grouped('1234.5', group, decimal)} USDC`,
      )
      await confirmNewDestination(review)
      await review.getByRole('button', { name: 'Request payout' }).click()
      await expect(page.getByTestId('payout-outcome')).toContainText('Requested')
      const sent = (await desk.router.call('withdrawals.list', {})).filter((w) => w.destination === ADDRESS)
      expect(sent.map((w) => w.amount)).toEqual(['1234.5'])
    })

    test(`times in ${locale} follow the UTC/local choice on every screen`, async ({ app }) => {
      const { page } = app
      await onWallets(page)
      await openSection(page, 'Payouts')
      const times = page.locator('main time')
      await expect(times.first()).toBeVisible()
      // Tokyo is UTC+9: local times name that zone, never UTC.
      await expect(times.first()).not.toContainText('UTC')
      // A display preference, set in Settings › Preferences (issue 54).
      await openSection(page, 'Preferences')
      await page.getByTestId('time-zone-toggle').click()
      await expect(page.getByTestId('time-zone-toggle')).toHaveAttribute('aria-pressed', 'true')
      await openSection(page, 'Payouts')
      await expect(times.first()).toContainText('UTC')
      for (const text of await times.allTextContents()) expect(text).toMatch(/UTC/)
      const iso = await times.first().getAttribute('datetime')
      // The UTC hour as the locale writes it (en-US on a 12-hour clock: 13:36 is 1:36 PM), whatever the hour of the
      // run.
      const hour = new Intl.DateTimeFormat(locale, { hour: 'numeric', timeZone: 'UTC' })
        .formatToParts(new Date(iso!))
        .find((p) => p.type === 'hour')!.value
      const minute = new Date(iso!).toISOString().slice(14, 16)
      await expect(times.first()).toContainText(new RegExp(`(?<!\\d)0?${Number(hour)}\\D${minute}`))
      await openSection(page, 'Transactions')
      // The ledger's first sync may still be under way on a busy machine: its times come with it.
      await expect(page.locator('main time').first()).toContainText('UTC', { timeout: 30_000 })
      await snap(page, `numbers-times-utc-${locale}`)
      await page.reload()
      await openSection(page, 'Preferences')
      await expect(page.getByTestId('time-zone-toggle')).toHaveText('Times: UTC')
    })
  })
}
