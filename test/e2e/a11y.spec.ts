import type { RunningSimulator } from '../../electron/simulator'
import { createSupplier } from '../harness/e2e-destinations'
import {
  type App,
  checkA11y,
  consolePost,
  expect,
  onWallets,
  openSection,
  snap,
  snapAndCheck,
  test,
} from '../harness/e2e-fixtures'
import { allowAgentTools } from '../harness/e2e-agent-policy'
import { openKeyedProfile, openProductionProfile } from '../harness/e2e-production'
import { openPayoutTab } from '../harness/e2e-payout-tabs'

// Accessibility, checked once and apart from the flows: every screen and dialog state, axe in the light and the dark
// theme (contrast differs between them), an open dialog's every line measured. The functional specs assert behaviour
// only; a new screen or dialog state adds its visit here.

test('the shell without a profile: welcome, no profiles yet, About', async ({ app }) => {
  const { page } = app
  await expect(page.getByRole('heading', { name: 'Welcome to Payout Desk' })).toBeVisible()
  await checkA11y(page)
  await openSection(page, 'Keys & profiles')
  await expect(page.getByText('No profiles yet')).toBeVisible()
  await checkA11y(page)
  await page.getByRole('button', { name: 'About' }).click()
  await expect(page.getByRole('dialog', { name: 'About Payout Desk' })).toBeVisible()
  await checkA11y(page)
})

test('the welcome screen, the new-profile form and its errors pass axe in both themes', async ({ app }) => {
  const { page } = app
  await expect(page.getByRole('heading', { name: 'Welcome to Payout Desk' })).toBeVisible()
  await snapAndCheck(page, 'themes-welcome')

  await page.getByRole('button', { name: 'Add a profile' }).click()
  const form = page.getByRole('form', { name: 'New profile' })
  await snapAndCheck(page, 'themes-profile-form')
  await form.getByLabel('Base URL').fill('ftp://nowhere')
  await form.getByRole('button', { name: 'Create profile' }).click()
  await expect(form.getByText(/The base URL must start with https:\/\//)).toBeVisible()
  await snapAndCheck(page, 'themes-profile-form-errors')
})

test('the new-profile form for production and the HMAC import pass axe in both themes', async ({ app }) => {
  const { page } = app
  await page.getByRole('button', { name: 'Add a profile' }).click()
  const form = page.getByRole('form', { name: 'New profile' })
  await form.getByLabel('Environment').selectOption('production')
  await expect(form.getByText('Production moves real money.')).toBeVisible()
  await snapAndCheck(page, 'themes-profile-form-production')
  await form.getByLabel('Environment').selectOption('sandbox')
  await form.getByLabel('Algorithm').selectOption('hmac')
  await form.getByLabel('Name').fill('Legacy')
  await form.getByLabel('Base URL').fill('https://api.provider.example')
  await form.getByRole('button', { name: 'Create profile' }).click()
  const hmac = page.getByRole('form', { name: 'Import HMAC secret' })
  await hmac.getByLabel('Secret').fill('has a space')
  await expect(hmac.getByText('Only printable characters, no spaces.')).toBeVisible()
  await snapAndCheck(page, 'themes-hmac-import')
})

test.describe('a keyed sandbox profile on Keys & profiles', () => {
  // Made through the core before the page opens (what the form, Generate key and Save Key ID leave): a remote
  // profile, not the embedded one, whose screen has no simulator console button.
  test.beforeEach(async ({ desk, sim }) => {
    await openKeyedProfile(desk, 'Ops sandbox', 'sandbox', sim.sandbox.url)
  })

  test.beforeEach(async ({ app }) => {
    await openSection(app.page, 'Keys & profiles')
    await expect(app.page.getByRole('heading', { name: 'Ops sandbox', level: 2 })).toBeVisible()
  })

  // Two tests of two visits each: the dialogs are left by "Keep as is", so the visit after one sees what a test of its
  // own saw (the start-up of a test, page and seed, cost as much as its visits).
  test('the delete-key and remove-profile confirmations, then the key ready after its connection test', async ({
    app,
  }) => {
    test.slow()
    const { page } = app
    const dialogs = [
      { open: 'Delete key', title: 'Delete this key?' },
      { open: 'Remove profile', title: 'Remove this profile?' },
    ]
    for (const { open, title } of dialogs) {
      await page.getByRole('button', { name: open, exact: true }).click()
      const dialog = page.getByRole('dialog', { name: title })
      await expect(dialog.getByTestId('revoke-reminder')).toBeVisible()
      await snapAndCheck(page, `themes-${open.toLowerCase().replace(' ', '-')}-dialog`)
      await dialog.getByRole('button', { name: 'Keep as is' }).click()
      await expect(dialog).toBeHidden()
    }

    await page.getByRole('button', { name: 'Test connection' }).click()
    await expect(page.getByTestId('connection-result')).toContainText('Connected')
    await snapAndCheck(page, 'themes-key-ready')
  })

  test('the agent-tools confirmation in sandbox, then a rotation under way and its cancel dialog', async ({ app }) => {
    test.slow()
    const { page } = app
    await openSection(page, 'Agent')
    await page.getByLabel(/Allow the agent's write tools/).click()
    const sandboxConfirm = page.getByRole('dialog', { name: 'Allow agent write tools?' })
    await expect(sandboxConfirm).toContainText('SANDBOX')
    await snapAndCheck(page, 'themes-agent-tools-sandbox-dialog')
    await sandboxConfirm.getByRole('button', { name: 'Keep as is' }).click()
    await expect(sandboxConfirm).toBeHidden()

    await openSection(page, 'Keys & profiles')
    // Starting a rotation needs no confirmation (the old key stays active until the new one passes its test);
    // cancelling one does.
    await page.getByRole('button', { name: 'Rotate key' }).click()
    await expect(page.getByTestId('pending-key')).toBeVisible()
    await snapAndCheck(page, 'themes-key-rotating')
    await page.getByRole('button', { name: 'Cancel rotation' }).click()
    const cancelRotation = page.getByRole('dialog', { name: 'Cancel this rotation?' })
    await expect(cancelRotation).toContainText('stays in use')
    await snapAndCheck(page, 'themes-cancel-rotation-dialog')
    await cancelRotation.getByRole('button', { name: 'Keep as is' }).click()
    await expect(page.getByTestId('pending-key')).toBeVisible()
  })
})

test.describe('a production profile', () => {
  // As the form leaves it (no key yet), made current through the core before the page opens.
  test.beforeEach(async ({ desk }) => {
    const live = await desk.router.call('profiles.create', {
      name: 'Live treasury',
      environment: 'production',
      baseUrl: 'https://api.provider.example',
      algorithm: 'ed25519',
    })
    await desk.router.call('profiles.select', { profileId: live.id })
  })

  test('the red look and both agent-tools confirmations pass axe in both themes', async ({ app }) => {
    const { page } = app
    await expect(page.locator('.app')).toHaveClass(/app-env-production/)
    await openSection(page, 'Keys & profiles')
    await expect(page.getByRole('heading', { name: 'Live treasury', level: 2 })).toBeVisible()
    await openSection(page, 'Agent')
    await page.getByLabel(/Allow the agent's write tools/).click()
    const first = page.getByRole('dialog', { name: 'Allow agent write tools?' })
    await expect(first).toContainText('PRODUCTION')
    await snapAndCheck(page, 'themes-agent-tools-production-dialog')
    await first.getByRole('button', { name: 'Continue' }).click()
    const second = page.getByRole('dialog', { name: 'Confirm for PRODUCTION' })
    await expect(second).toBeVisible()
    await snapAndCheck(page, 'themes-agent-tools-production-second-dialog')
    await second.getByRole('button', { name: 'Keep as is' }).click()
    await expect(page.getByLabel(/Allow the agent's write tools/)).not.toBeChecked()
  })
})

test.describe('a keyed production profile', () => {
  test.beforeEach(async ({ desk, sim }) => {
    await openProductionProfile(desk, sim)
  })

  test('the Key ID replacement and the typed-name key delete pass axe in both themes', async ({ app }) => {
    const { page } = app
    await openSection(page, 'Keys & profiles')
    await page.getByRole('textbox', { name: 'Key ID', exact: true }).fill('key_mistyped')
    await page.getByRole('button', { name: 'Save Key ID' }).click()
    const replace = page.getByRole('dialog', { name: 'Replace the Key ID in use?' })
    await expect(replace).toContainText('This profile signs with the Key ID')
    await checkA11y(page)
    await replace.getByRole('button', { name: 'Keep as is' }).click()

    await page.getByRole('button', { name: 'Delete key' }).click()
    const del = page.getByRole('dialog', { name: 'Delete this key?' })
    await del.getByLabel("Type the profile's name to delete its production key").fill('Live treasury')
    await expect(del.getByRole('button', { name: 'Delete key' })).toBeEnabled()
    await checkA11y(page)
  })
})

test.describe('with the simulator profile', () => {
  test.use({ seed: 'simulator' })

  // Tests of up to five screens each, not one long one: the workers share them, and each test's start-up (page,
  // seed) costs about what a screen's axe run does.
  test.beforeEach(async ({ app }) => {
    await onWallets(app.page)
  })

  /** The supplier the destination and batch visits show, registered and verified at the simulator. */
  async function verifiedSupplier(app: App, sim: RunningSimulator): Promise<void> {
    const counterparty = await createSupplier(app.desk)
    await consolePost(sim.sandbox.url, `/counterparties/${counterparty.id}/verify`)
  }

  test('Wallets, a wallet, Home, a transaction and Destinations', async ({ app }) => {
    test.slow()
    const { page, desk } = app
    const wallets = await desk.router.call('wallets.list', {})
    await checkA11y(page)
    await page.getByRole('table', { name: 'Wallets' }).getByRole('button', { name: wallets[0]!.name }).click()
    await expect(page.getByRole('table', { name: 'Balances' })).toBeVisible()
    await checkA11y(page)

    await openSection(page, 'Home')
    await checkA11y(page)

    await openSection(page, 'Transactions')
    await page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1).getByRole('cell').first().click()
    await expect(page.getByTestId('tx-leg').first()).toBeVisible()
    await checkA11y(page)

    await openSection(page, 'Destinations')
    await checkA11y(page)
  })

  test('a destination and the payout form', async ({ app, sim }) => {
    const { page } = app
    await verifiedSupplier(app, sim)
    await openSection(page, 'Destinations')
    await page.getByRole('button', { name: 'Supplier', exact: true }).click()
    await expect(page.getByTestId('destination-facts')).toBeVisible()
    await checkA11y(page)
    await page.getByRole('button', { name: 'Pay this destination' }).click()
    await expect(page.getByRole('form', { name: 'New payout' })).toBeVisible()
    await checkA11y(page)
  })

  test("Payouts' Waiting and Held tabs and the new-payout flow", async ({ app }) => {
    const { page } = app
    await openSection(page, 'Payouts')
    for (const tab of ['Waiting', 'Held'] as const) {
      await openPayoutTab(page, tab)
      await checkA11y(page)
    }
    await page.getByRole('button', { name: 'New payout' }).click()
    await expect(page.getByRole('form', { name: 'New payout' })).toBeVisible()
    await checkA11y(page)
  })

  test('Payouts and a batch review', async ({ app, sim }) => {
    const { page, desk } = app
    await verifiedSupplier(app, sim)
    const wallets = await desk.router.call('wallets.list', {})
    await openSection(page, 'Payouts')
    await checkA11y(page)
    await page.getByRole('button', { name: 'Batch from CSV' }).click()
    const wallet = wallets.find((w) =>
      w.balances.some((b) => b.network === 'ethereum-sepolia' && Number(b.available) > 1),
    )!
    const asset = wallet.balances.find((b) => b.network === 'ethereum-sepolia' && Number(b.available) > 1)!.asset
    const rows = [
      'destination;amount;asset;network;wallet',
      `Supplier;1,5;${asset};ethereum-sepolia;${wallet.name}`,
      `Supplier;0.01;${asset};ethereum-sepolia;${wallet.name}`,
    ]
    await page
      .getByTestId('batch-screen')
      .getByLabel('CSV file')
      .setInputFiles({ name: 'pay.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) })
    await expect(page.getByTestId('batch-problem')).toHaveCount(1)
    await checkA11y(page)
  })

  test('the cancel dialog of a payout', async ({ app }) => {
    const { page, desk } = app
    await openSection(page, 'Payouts')
    const pending = (await desk.router.call('withdrawals.list', {})).find((w) => w.status === 'pending_approval')!
    await page
      .getByTestId('payout-row')
      .filter({ hasText: pending.id.slice(0, 8) })
      .getByRole('button')
      .first()
      .click()
    await page.getByRole('button', { name: 'Cancel payout' }).click()
    const cancel = page.getByRole('dialog', { name: 'Cancel this payout?' })
    await expect(cancel).toBeVisible()
    // The danger button, in both themes: the dark one failed contrast before.
    await checkA11y(page)
    await snap(page, 'focus-danger-dialog')
    await cancel.getByRole('button', { name: 'Keep as is' }).click()
  })

  test('Activity, Keys & profiles, Safety, Preferences and About', async ({ app }) => {
    const { page } = app
    await openSection(page, 'Activity')
    await checkA11y(page)

    await openSection(page, 'Keys & profiles')
    await checkA11y(page)
    // The settings split out of Keys & profiles (issue 54), in both themes.
    await openSection(page, 'Safety')
    await expect(page.getByTestId('screening-panel')).toBeVisible()
    await snapAndCheck(page, 'settings-safety')
    await openSection(page, 'Preferences')
    await expect(page.getByTestId('theme-toggle')).toBeVisible()
    await snapAndCheck(page, 'settings-preferences')
    await page.getByRole('button', { name: 'About' }).click()
    await expect(page.getByRole('dialog', { name: 'About Payout Desk' })).toBeVisible()
    await checkA11y(page)
  })
})

test.describe('the agent policy form with a backtest result', () => {
  test.use({ seed: 'simulator' })

  test('the policy form, its new fields and a backtest result pass axe in both themes', async ({ app }) => {
    const { page, desk } = app
    await onWallets(page)
    // Imported here, not at the top: this visit is the only one that seeds recorded agent requests.
    const { seedAgentMonth } = await import('../harness/agent-requests-seed')
    const address = '0xE9800387E448B82c3064d5146CD8Bb37C2d8EE26'
    seedAgentMonth((await desk.sessions.session()).store, Date.now() - 60_000, address, 'ethereum-sepolia')
    const panel = await allowAgentTools(page)
    await panel.getByRole('button', { name: 'Edit policy' }).click()
    await panel.getByLabel('Maximum USD per payout').fill('500')
    await panel.getByLabel('Allow agent payouts only inside set hours').check()
    await page.getByRole('region', { name: 'Policy backtest' }).getByRole('button', { name: 'Run backtest' }).click()
    // Hours on (weekdays, 09:00-17:00 here) hold some requests too: only that the result is shown matters here.
    await expect(page.getByTestId('backtest-totals')).toContainText('10 refused that were sent')
    await checkA11y(page)
  })
})
