import type { Page } from '@playwright/test'
import { addRun } from '../../electron/core/pay-runs/run-book'
import { readRunLines } from '../../electron/core/pay-runs/run-lines'
import { profileDir } from '../../electron/core/profiles'
import { DeskStore } from '../../electron/core/store'
import { checkA11y, expect, onWallets, test, type TestDesk } from '../harness/e2e-fixtures'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts), at the app's own width.
test.use({ seed: 'simulator', viewport: { width: 1280, height: 820 } })
// Two people and scrypt at each unlock: slower than most flows on a busy machine.
test.slow()

const ADA = 'ada passphrase'
const BO = 'bo passphrase'
const CY = 'cy passphrase'

/** A pay run of one line to a destination that may be paid, so the run's send and invoice panels have something. */
async function oneRun(desk: TestDesk): Promise<void> {
  const profile = (await desk.router.call('profiles.current', {}))!
  const target = (await desk.router.call('counterparties.list', {})).find((c) => c.can_send)!
  const wallets = await desk.router.call('wallets.list', {})
  const funded = (w: (typeof wallets)[number]) =>
    w.balances.find((b) => b.network === target.network && Number(b.available) > 1)
  const wallet = wallets.find(funded)!
  const lines = readRunLines(
    `destination,amount,asset,wallet,reference\n${target.id},1,${funded(wallet)!.asset},${wallet.id},Contractor A\n`,
  )
  const store = DeskStore.open(profileDir(desk.dataDir, profile.id), 'cli')
  addRun(
    store,
    { name: 'Friday contractors', schedule: 'DTSTART:20261106T000000Z\nRRULE:FREQ=WEEKLY;BYDAY=FR', lines },
    'e2e',
  )
  store.close()
}

const section = (page: Page, name: RegExp) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name }).click()

/**
 * Visits every screen with write controls and counts them: all present (`count` > 0 each) or all absent (0).
 * One list for both seats, so the viewer's check fails as soon as a control it looks for is renamed.
 */
async function writeControls(page: Page, present: boolean): Promise<void> {
  const seen = async (locator: ReturnType<Page['getByRole']>) =>
    present ? await expect(locator.first()).toBeVisible() : await expect(locator).toHaveCount(0)

  await section(page, /^Keys & profiles/)
  await expect(page.getByRole('heading', { name: 'Keys & profiles', level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Test connection' })).toBeVisible()
  for (const name of ['Add profile', 'Remove profile', 'Rotate key', 'Delete key'])
    await seen(page.getByRole('button', { name, exact: true }))
  await seen(page.getByRole('textbox', { name: 'Key ID' }))
  // Controls › Agent (its write tools and policy).
  await section(page, /^Agent/)
  await expect(page.getByRole('heading', { name: 'Agent', level: 1 })).toBeVisible()
  await seen(page.getByRole('button', { name: 'Edit policy', exact: true }))
  await seen(page.getByRole('button', { name: /^Clear \(hold every payout\)/ }))
  await seen(page.getByRole('checkbox', { name: /Allow the agent's write tools/ }))
  // Settings › Safety (screening lists, the payee-change wait) and › Preferences (dust thresholds).
  await section(page, /^Safety/)
  await expect(page.getByRole('heading', { name: 'Safety', level: 1 })).toBeVisible()
  await seen(page.getByRole('button', { name: 'Import list', exact: true }))
  await seen(page.getByRole('button', { name: 'Save wait' }))
  await section(page, /^Preferences/)
  await expect(page.getByRole('heading', { name: 'Preferences', level: 1 })).toBeVisible()
  await seen(page.getByRole('button', { name: 'Set threshold' }))

  await section(page, /^Destinations/)
  await expect(page.getByRole('heading', { name: 'Destinations', level: 1 })).toBeVisible()
  await seen(page.getByRole('button', { name: 'New destination' }))
  await page.getByRole('button', { name: 'Export / Import' }).click()
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible()
  await seen(page.getByLabel('CSV file to import'))

  await section(page, /^Pay runs/)
  await page.getByRole('table', { name: 'Pay runs' }).getByRole('button', { name: 'Friday contractors' }).click()
  await expect(page.getByRole('table', { name: 'Lines of the period' })).toContainText('Contractor A')
  await seen(page.getByRole('button', { name: 'Record invoice' }))
  await seen(page.getByRole('region', { name: 'Send the period' }))

  await section(page, /^Batches/)
  await expect(page.getByRole('heading', { name: 'Batches', level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: /^(Pause|Resume|Cancel)/ })).toHaveCount(0)

  await section(page, /^Payouts/)
  await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible()
  await seen(page.getByRole('button', { name: 'New payout' }))
  await seen(page.getByRole('button', { name: 'Batch from CSV' }))
}

test("an admin's seat shows every write control; a viewer's seat shows none of them", async ({ app }) => {
  const { page, desk } = app
  await onWallets(page)
  const profile = (await desk.router.call('profiles.current', {}))!
  await desk.router.call('profiles.setAgentWriteTools', { profileId: profile.id, enabled: true })
  await oneRun(desk)
  await desk.router.call('people.add', { name: 'Ada', role: 'admin', passphrase: ADA })
  await desk.router.call('people.add', { name: 'Bo', role: 'viewer', passphrase: BO, yourPassphrase: ADA })
  const bar = page.getByRole('banner')
  await expect(bar.getByTestId('at-desk')).toHaveText('Ada · Admin')

  await writeControls(page, true)

  await page.keyboard.press('Control+l')
  await expect(page.getByRole('heading', { name: 'Payout Desk is locked', level: 1 })).toBeVisible()
  await page.getByLabel('Person').selectOption('Bo')
  await page.getByLabel('Passphrase').fill(BO)
  await page.keyboard.press('Enter')
  await expect(bar.getByTestId('at-desk')).toHaveText('Bo · Viewer')

  await writeControls(page, false)

  // The fixture removes the profiles as it ends: an admin's act.
  await desk.router.call('lock.lock', {})
  await desk.router.call('lock.unlock', { name: 'Ada', passphrase: ADA })
})

test("a view-only profile shows an admin no write control; People lifts it with a second admin's passphrase", async ({
  app,
}) => {
  const { page, desk } = app
  await onWallets(page)
  const profile = (await desk.router.call('profiles.current', {}))!
  await desk.router.call('profiles.setAgentWriteTools', { profileId: profile.id, enabled: true })
  await oneRun(desk)
  await desk.router.call('people.add', { name: 'Ada', role: 'admin', passphrase: ADA })
  await desk.router.call('people.add', { name: 'Cy', role: 'admin', passphrase: CY, yourPassphrase: ADA })
  await desk.router.call('seat.set', { profileId: profile.id, viewOnly: true, fourEyes: true })
  await page.reload()
  await expect(page.getByRole('banner').getByTestId('at-desk')).toHaveText('Ada · Admin')

  await writeControls(page, false)

  // The People section, keyboard only: the seat's View-only box, then Cy's name and passphrase in the dialog.
  await section(page, /^People/)
  const seats = page.getByRole('table', { name: 'Profile seats' })
  const viewOnly = seats.getByRole('checkbox', { name: /^View-only for / })
  await expect(viewOnly).toBeChecked()
  await viewOnly.focus()
  await page.keyboard.press('Space')
  const dialog = page.getByRole('dialog', { name: 'A second person' })
  await expect(dialog).toContainText('takes a second admin')
  await expect(dialog.getByLabel('Second person')).toBeFocused()
  await expect(dialog.getByLabel('Second person')).toHaveValue('Cy')
  await checkA11y(page)
  await page.keyboard.press('Tab')
  await page.keyboard.type('not cy')
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('alert')).toContainText('do not match')
  await page.keyboard.type(CY)
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(viewOnly).not.toBeChecked()
  expect(await desk.router.call('seat.show', { profileId: profile.id })).toMatchObject({ viewOnly: false })

  await writeControls(page, true)
})
