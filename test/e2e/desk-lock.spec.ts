import { randomBytes } from 'node:crypto'
import { checkA11y, expect, onWallets, test } from '../harness/e2e-fixtures'
import { openProductionProfile } from '../harness/e2e-production'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts), at the app's own width.
test.use({ seed: 'simulator', viewport: { width: 1280, height: 820 } })
// Two people and scrypt at each unlock: slower than most flows on a busy machine.
test.slow()

const ADA = 'ada passphrase'
const BO = 'bo passphrase'
const TOM = 'tom passphrase'
const randomAddress = () => '0x' + randomBytes(20).toString('hex')

/** Ada (admin, the first person: at the desk at once) and Bo (a viewer), as the People section leaves them. */
async function twoPeople(desk: Parameters<typeof openProductionProfile>[0]): Promise<void> {
  await desk.router.call('people.add', { name: 'Ada', role: 'admin', passphrase: ADA })
  await desk.router.call('people.add', { name: 'Bo', role: 'viewer', passphrase: BO, yourPassphrase: ADA })
}

test('Ctrl+L locks the desk and its screens leave the page; a name and passphrase open it; a second person takes the seat', async ({
  app,
}) => {
  const { page, desk } = app
  await onWallets(page)
  const wallet = (await desk.router.call('wallets.list', {}))[0]!.name
  await expect(page.getByRole('main')).toContainText(wallet)
  await twoPeople(desk)
  const bar = page.getByRole('banner')
  await expect(bar.getByTestId('at-desk')).toHaveText('Ada · Admin')

  await page.keyboard.press('Control+l')
  await expect(page.getByRole('heading', { name: 'Payout Desk is locked', level: 1 })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Sections' })).toHaveCount(0)
  expect(await page.locator('body').innerText()).not.toContain(wallet)
  await checkA11y(page)

  // Keyboard only: the passphrase field has the focus; a wrong one is refused.
  await expect(page.getByLabel('Passphrase')).toBeFocused()
  await page.keyboard.type('not the passphrase')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alert')).toContainText('do not match')
  await page.keyboard.type(ADA)
  await page.keyboard.press('Enter')
  await onWallets(page)
  await expect(bar.getByTestId('at-desk')).toHaveText('Ada · Admin')
  // People, an admin's section: the two of them, and its forms pass axe.
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /^People/ })
    .click()
  await expect(page.getByRole('table', { name: 'People' })).toContainText('Bo')
  await checkA11y(page)
  await page.keyboard.press('Control+2')
  await onWallets(page)

  // The Lock button, from the keyboard; then Bo unlocks: the person is chosen with the arrow keys.
  await bar.getByRole('button', { name: /^Lock/ }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Payout Desk is locked', level: 1 })).toBeVisible()
  await page.keyboard.press('Shift+Tab')
  await expect(page.getByLabel('Person')).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByLabel('Person')).toHaveValue('Bo')
  await page.keyboard.press('Tab')
  await page.keyboard.type(BO)
  await page.keyboard.press('Enter')
  await onWallets(page)
  await expect(bar.getByTestId('at-desk')).toHaveText('Bo · Viewer')
  // A viewer's write actions are absent: no payout, batch or destination to start; People are an admin's.
  await page.keyboard.press('Control+4')
  await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'New payout' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Batch from CSV' })).toHaveCount(0)
  await page.keyboard.press('Control+7')
  await expect(page.getByRole('heading', { name: 'Destinations', level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'New destination' })).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^People/ })).toHaveCount(
    0,
  )

  const { rows } = await desk.router.call('activity.page', { action: 'desk_lock' })
  expect(rows.map((r) => `${r.path} ${r.person}`).reverse()).toEqual([
    'desk.unlocked Ada',
    'desk.locked Ada',
    'desk.unlock_failed Ada',
    'desk.unlocked Ada',
    'desk.locked Ada',
    'desk.unlocked Bo',
  ])
  // The fixture removes the profiles as it ends: an admin's act.
  await desk.router.call('lock.lock', {})
  await desk.router.call('lock.unlock', { name: 'Ada', passphrase: ADA })
})

test('a production write five minutes after the unlock asks for the passphrase again, then goes on', async ({
  app,
  sim,
}) => {
  const { page, desk } = app
  await openProductionProfile(desk, sim)
  await twoPeople(desk)
  await page.reload()
  await expect(page.locator('.app')).toHaveClass(/app-env-production/)
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /^Agent/ })
    .click()
  desk.fastForward(6 * 60_000)

  const toggle = page.getByLabel(/Allow the agent's write tools/)
  await toggle.focus()
  await page.keyboard.press('Space')
  await page.getByRole('dialog', { name: 'Allow agent write tools?' }).getByRole('button', { name: 'Continue' }).focus()
  await page.keyboard.press('Enter')
  const second = page.getByRole('dialog', { name: 'Confirm for PRODUCTION' })
  await second.getByRole('button', { name: 'Allow in PRODUCTION' }).focus()
  await page.keyboard.press('Enter')

  const again = page.getByRole('dialog', { name: 'Your passphrase again' })
  await expect(again).toContainText('type Ada’s passphrase again')
  await expect(again.getByLabel('Passphrase')).toBeFocused()
  await checkA11y(page)
  await page.keyboard.type(ADA)
  await page.keyboard.press('Enter')
  await expect(again).toBeHidden()
  await expect(toggle).toBeChecked()
  const profile = await desk.router.call('profiles.current', {})
  expect(profile?.agentWriteTools).toBe(true)
})

test('a payee change Ada added is confirmed by Tom, a second person at the same desk, from the keyboard', async ({
  app,
}) => {
  const { page, desk } = app
  await onWallets(page)
  const profile = (await desk.router.call('profiles.current', {}))!
  await desk.router.call('people.add', { name: 'Ada', role: 'admin', passphrase: ADA })
  await desk.router.call('people.add', { name: 'Tom', role: 'treasurer', passphrase: TOM, yourPassphrase: ADA })
  // A sandbox profile: four eyes are off by default there.
  await desk.router.call('seat.set', { profileId: profile.id, fourEyes: true })
  const company = (address: string, label: string) =>
    desk.router.call('counterparties.create', {
      network: 'ethereum-sepolia',
      address,
      counterparty_type: 'company',
      company_name: 'Acme Supplies GmbH',
      wallet_type: 'unhosted',
      country: 'DE',
      label,
    })
  // Ada, at the desk, adds Acme's new address.
  await company(randomAddress(), 'Acme')
  await company(randomAddress(), 'Acme new bank')

  const confirm = async () => {
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: /^Destinations/ })
      .focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: 'Destinations', level: 1 })).toBeVisible()
    await page.getByRole('button', { name: 'Acme new bank' }).focus()
    await page.keyboard.press('Enter')
    const form = page.getByRole('form', { name: 'Record how the change was confirmed' })
    // With people the desk names who confirms: nobody types a name.
    await expect(form.getByLabel('Confirmed by')).toHaveCount(0)
    await form.getByLabel('Note').focus()
    await page.keyboard.type('Called the number on file')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    return form
  }
  const form = await confirm()
  await expect(form.getByRole('alert')).toContainText('started by Ada; four eyes are on')
  await checkA11y(page)

  // Tom takes the seat: the lock, then his name with the arrow keys and his passphrase.
  await page.keyboard.press('Control+l')
  await expect(page.getByRole('heading', { name: 'Payout Desk is locked', level: 1 })).toBeVisible()
  await page.keyboard.press('Shift+Tab')
  await expect(page.getByLabel('Person')).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByLabel('Person')).toHaveValue('Tom')
  await page.keyboard.press('Tab')
  await page.keyboard.type(TOM)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('banner').getByTestId('at-desk')).toHaveText('Tom · Treasurer')

  await confirm()
  const panel = page.getByTestId('payee-change')
  await expect(panel.getByTestId('payee-change-state')).toHaveText(/confirmed, waiting until /)
  await expect(panel).toContainText('Confirmed by Tom (phone)')
  await checkA11y(page)

  // The fixture removes the profiles as it ends: an admin's act.
  await desk.router.call('lock.lock', {})
  await desk.router.call('lock.unlock', { name: 'Ada', passphrase: ADA })
})
