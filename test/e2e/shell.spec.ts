import { readFileSync } from 'node:fs'
import { expect, openSection, snap, test } from '../harness/e2e-fixtures'

const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version
// Nav order (issue 54): Home first, then money, paying, destinations, controls; Settings after the nine shortcuts.
const SECTIONS = [
  'Home',
  'Wallets',
  'Transactions',
  'Payouts',
  'Batches',
  'Pay runs',
  'Destinations',
  'Activity',
  'Agent',
]
const SETTINGS_LAST_KEYS = ['Safety', 'Preferences', 'Keys & profiles']

test('the shell shows the welcome, navigates every section and reads app.info through the router', async ({ app }) => {
  const { page } = app
  await expect(page.getByRole('heading', { name: 'Welcome to Payout Desk' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Try it with the local simulator' })).toBeVisible()
  await snap(page, 'shell-welcome')

  const nav = page.getByRole('navigation', { name: 'Sections' })
  for (const name of [...SECTIONS, ...SETTINGS_LAST_KEYS]) {
    const item = nav.getByRole('button', { name: new RegExp(`^${name}`) })
    await item.click()
    await expect(item).toHaveAttribute('aria-current', 'page')
  }
  await expect(page.getByRole('heading', { name: 'Keys & profiles', level: 1 })).toBeVisible()
  await expect(page.getByText('No profiles yet')).toBeVisible()
  await snap(page, 'shell-keys-empty')

  // Ctrl+1..9 open the sections in nav order; Ctrl+, opens Settings.
  for (const [i, name] of SECTIONS.entries()) {
    await page.keyboard.press(`Control+${i + 1}`)
    await expect(nav.getByRole('button', { name: new RegExp(`^${name}`) })).toHaveAttribute('aria-current', 'page')
  }
  await page.keyboard.press('Control+1')
  await page.keyboard.press('Control+,')
  await expect(nav.getByRole('button', { name: /^Keys & profiles/ })).toHaveAttribute('aria-current', 'page')
  // The groups name their lists.
  for (const group of ['Money', 'Paying', 'Controls', 'Settings'])
    await expect(nav.getByRole('list', { name: group })).toBeVisible()

  const about = page.getByRole('button', { name: 'About' })
  await about.click()
  const dialog = page.getByRole('dialog', { name: 'About Payout Desk' })
  const info = dialog.getByTestId('app-info')
  await expect(info).toContainText(VERSION)
  await expect(info).toContainText(process.platform)
  await expect(info).toContainText(process.versions.node)
  await expect(info).toContainText('test')
  await snap(page, 'shell-about')
  // Focus stays inside the dialog and returns to the opener after Escape.
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(about).toBeFocused()
})

test('the theme follows the OS until the user picks one', async ({ app }) => {
  const { page } = app
  await page.emulateMedia({ colorScheme: 'dark' })
  const bg = () => page.evaluate<string>('getComputedStyle(document.body).backgroundColor')
  const darkBg = await bg()
  await page.emulateMedia({ colorScheme: 'light' })
  const lightBg = await bg()
  expect(darkBg).not.toBe(lightBg)

  // A display preference, in Settings › Preferences rather than the top bar (issue 54).
  await expect(page.getByRole('banner').getByTestId('theme-toggle')).toHaveCount(0)
  await openSection(page, 'Preferences')
  const toggle = page.getByTestId('theme-toggle')
  await expect(toggle).toHaveText('Theme: system')
  await toggle.click()
  await expect(toggle).toHaveText('Theme: light')
  await toggle.click()
  await expect(toggle).toHaveText('Theme: dark')
  expect(await bg()).toBe(darkBg)
  await page.reload()
  expect(await bg()).toBe(darkBg)
  await openSection(page, 'Preferences')
  await expect(page.getByTestId('theme-toggle')).toHaveText('Theme: dark')
})
