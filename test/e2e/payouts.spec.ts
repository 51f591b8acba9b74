import type { Page } from '@playwright/test'
import { type App, consolePost, expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'
import { confirmNewDestination } from '../harness/e2e-first-payout'
import { chooseDestination, offeredAddresses } from '../harness/destination-picker'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'

async function registerDestination(page: Page): Promise<void> {
  await openSection(page, 'Destinations')
  await page.getByRole('button', { name: 'New destination' }).click()
  const form = page.getByRole('form', { name: 'New destination' })
  await form.getByLabel('Network').selectOption('ethereum-sepolia')
  await form.getByLabel('Address').fill('tb1qnotanethereumaddress')
  await expect(form.getByText('Not a valid Ethereum Sepolia address.')).toBeVisible()
  // An address of another network, and one mistyped in its EIP-55 capitals, each say what they are.
  await form.getByLabel('Address').fill('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')
  await expect(form.getByText('This looks like a Bitcoin Testnet address, not Ethereum Sepolia.')).toBeVisible()
  await form.getByLabel('Address').fill(ADDRESS.replace('86E0F', '86e0F'))
  await expect(
    form.getByText(/^The EIP-55 checksum \(the mix of capital and small letters\) does not match/),
  ).toBeVisible()
  await form.getByLabel('Address').fill(ADDRESS)
  await expect(form.getByText('Not a valid Ethereum Sepolia address.')).toBeHidden()
  await form.getByLabel('Company name').fill('Supplier GmbH')
  await form.getByLabel('Provider name').fill('Example Custody')
  await form.getByLabel('Country').selectOption('DE')
  await form.getByLabel('Label (optional)').fill('Supplier')
  await form.getByRole('button', { name: 'Register destination' }).click()
  await expect(page.getByTestId('destination-outcome')).toContainText('Registered “Supplier”')
}

/** Registers the Supplier destination through the form and verifies it through the simulator's console. */
async function registerVerifiedDestination(app: App, sandboxUrl: string): Promise<void> {
  await registerDestination(app.page)
  const destination = (await app.desk.router.call('counterparties.list', {})).find((c) => c.address === ADDRESS)!
  await consolePost(sandboxUrl, `/counterparties/${destination.id}/verify`)
}

async function requestPayout(page: Page, amount: string, walletName: string): Promise<void> {
  await openSection(page, 'Payouts')
  await page.getByRole('button', { name: 'New payout' }).click()
  const form = page.getByRole('form', { name: 'New payout' })
  await form.getByLabel('From wallet').selectOption({ label: walletName })
  await form.getByLabel('Asset').selectOption('USDC')
  const network = form.getByLabel('Network')
  if (await network.isVisible()) await network.selectOption('ethereum-sepolia')
  await form.getByLabel(/^Amount/).fill(amount)
  await chooseDestination(form, `Supplier · ${ADDRESS}`)
  await form.getByRole('button', { name: 'Review' }).click()
  await expect(page.getByTestId('payout-review')).toContainText(amount)
  await confirmNewDestination(page.getByRole('region', { name: 'Review payout' }))
  await page.getByRole('button', { name: 'Request payout' }).dblclick()
  await expect(page.getByTestId('payout-outcome')).toContainText('Requested — waiting for approval in the console.')
}

async function usdcWallet(app: App) {
  const wallets = await app.desk.router.call('wallets.list', {})
  return wallets.find((w) => w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia'))!
}

test('destination: register, explain a duplicate, verify in the console, pay to it and watch it complete', async ({
  app,
  sim,
}) => {
  // A destination and a payout made through their forms, then the payout followed by the poller three times (up to
  // 30 s each): more than one test's minute on a busy machine.
  test.slow() // three times the test's minute
  const { page, desk } = app
  await onWallets(page)
  await registerDestination(page)
  const row = page.getByTestId('destination-row').filter({ hasText: 'Supplier' })
  await expect(row).toContainText('Waiting for verification in the console')
  await snap(page, 'destinations')

  await page.getByRole('button', { name: 'New destination' }).click()
  const form = page.getByRole('form', { name: 'New destination' })
  await form.getByLabel('Network').selectOption('ethereum-sepolia')
  await form.getByLabel('Address').fill(ADDRESS)
  await form.getByLabel('Owner type').selectOption('individual')
  await form.getByLabel('First name').fill('Ada')
  await form.getByLabel('Last name').fill('L'.repeat(121))
  await form.getByLabel('Wallet type').selectOption('unhosted')
  await form.getByLabel('Country').selectOption('FR')
  await form.getByRole('button', { name: 'Register destination' }).click()
  await expect(form.getByText('At most 120 characters.')).toHaveCount(0)
  await expect(page.getByTestId('destination-outcome')).toContainText('This address is already in the book')
  await snap(page, 'destinations-duplicate')

  const destination = (await desk.router.call('counterparties.list', {})).find((c) => c.address === ADDRESS)!
  await consolePost(sim.sandbox.url, `/counterparties/${destination.id}/verify`)
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(row).toContainText('Verified')

  const wallet = await usdcWallet(app)
  await openSection(page, 'Payouts')
  await page.getByRole('button', { name: 'New payout' }).click()
  const payout = page.getByRole('form', { name: 'New payout' })
  await payout.getByLabel('From wallet').selectOption({ label: wallet.name })
  await payout.getByLabel('Asset').selectOption('USDC')
  const network = payout.getByLabel('Network')
  if (await network.isVisible()) await network.selectOption('ethereum-sepolia')
  const amount = payout.getByLabel(/^Amount/)
  for (const [text, message] of [
    ['1,5', 'Use digits and a dot only'],
    ['1e3', 'Use digits and a dot only'],
    ['-2', 'Use digits and a dot only'],
    ['0', 'The amount must be more than zero.'],
    ['1.1234567', 'This asset does not allow that many decimal places.'],
    ['999999999999', 'More than the available balance.'],
  ] as const) {
    await amount.fill(text)
    await expect(payout.getByText(message)).toBeVisible()
  }
  await payout.getByRole('button', { name: 'Max' }).click()
  await expect(amount).not.toHaveValue('')
  await amount.fill('12.5')
  // Only verified destinations on the chosen network are offered.
  const offered = await offeredAddresses(payout)
  const verified = (await desk.router.call('counterparties.list', {})).filter(
    (c) => c.can_send && c.network === 'ethereum-sepolia',
  )
  expect(offered.sort()).toEqual(verified.map((c) => c.address).sort())
  await chooseDestination(payout, `Supplier · ${ADDRESS}`)
  await snap(page, 'payout-form')
  await payout.getByRole('button', { name: 'Review' }).click()
  const review = page.getByRole('region', { name: 'Review payout' })
  await expect(review.getByTestId('env-badge')).toHaveText('SANDBOX')
  await expect(review).toContainText(ADDRESS)
  await confirmNewDestination(review)
  await snap(page, 'payout-review')
  await review.getByRole('button', { name: 'Request payout' }).dblclick()
  await expect(page.getByTestId('payout-outcome')).toContainText('Requested — waiting for approval in the console.')
  await expect(page.getByTestId('payout-outcome')).not.toContainText(/\bsent\b/i)
  const posts = (
    (await (await fetch(`${sim.sandbox.url}/_console/requests`)).json()) as {
      data: Array<{ method: string; path: string }>
    }
  ).data
  expect(posts.filter((r) => r.method === 'POST' && r.path.startsWith('/api/v1/withdrawals'))).toHaveLength(1)
  await snap(page, 'payouts-requested')

  await page.getByRole('button', { name: 'Follow this payout' }).click()
  await expect(page.locator('.screen-head .chip').first()).toHaveText('pending approval')
  const id = (await desk.router.call('withdrawals.list', {})).find((w) => w.destination === ADDRESS)!.id
  await consolePost(sim.sandbox.url, `/withdrawals/${id}/approve`)
  // The core's poller pushes the change; no click needed.
  await expect(page.locator('.screen-head .chip').first()).toHaveText('approved', { timeout: 30_000 })
  await consolePost(sim.sandbox.url, `/withdrawals/${id}/process`)
  await expect(page.locator('.screen-head .chip').first()).toHaveText('processing', { timeout: 30_000 })
  await consolePost(sim.sandbox.url, `/withdrawals/${id}/complete`)
  await expect(page.locator('.screen-head .chip').first()).toHaveText('completed', { timeout: 30_000 })
  await expect(page.getByTestId('tx-hash')).not.toContainText('not on chain yet')
  await expect(page.getByRole('button', { name: 'Cancel payout' })).toHaveCount(0)
  await snap(page, 'payout-completed')
})

test('cancel a pending payout; an approved one is explained as not cancellable', async ({ app, sim }) => {
  const { page, desk } = app
  await onWallets(page)
  await registerVerifiedDestination(app, sim.sandbox.url)
  const wallet = await usdcWallet(app)

  await requestPayout(page, '3.25', wallet.name)
  await page.getByRole('button', { name: 'Follow this payout' }).click()
  await page.getByRole('button', { name: 'Cancel payout' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancel this payout?' })
  await snap(page, 'payout-cancel-confirm')
  await dialog.getByRole('button', { name: 'Cancel payout' }).click()
  await expect(page.locator('.screen-head .chip').first()).toHaveText('cancelled')
  await expect(page.getByTestId('timeline')).toContainText('cancelled')

  await requestPayout(page, '4.75', wallet.name)
  await page.getByRole('button', { name: 'Follow this payout' }).click()
  await expect(page.getByRole('button', { name: 'Cancel payout' })).toBeVisible()
  const pending = (await desk.router.call('withdrawals.list', {})).find((w) => w.amount === '4.75')!
  // The person asks to cancel while it still waits; the approver approves before they confirm. (Approving first raced
  // the app's follow: once the app knows it is approved it no longer offers Cancel.)
  await page.getByRole('button', { name: 'Cancel payout' }).click()
  await consolePost(sim.sandbox.url, `/withdrawals/${pending.id}/approve`)
  await page.getByRole('dialog', { name: 'Cancel this payout?' }).getByRole('button', { name: 'Cancel payout' }).click()
  await expect(page.getByRole('alert')).toContainText('can no longer be cancelled')
  await expect(page.locator('.screen-head .chip').first()).toHaveText('approved')
  await snap(page, 'payout-not-cancellable')

  await openSection(page, 'Payouts')
  await page.getByLabel('Status').selectOption('cancelled')
  await expect(page.getByTestId('payout-row').filter({ hasText: '3.25' })).toHaveCount(1)
  await expect(page.getByTestId('payout-row').filter({ hasNotText: 'cancelled' })).toHaveCount(0)
  await page.getByLabel('Status').selectOption('')
  await snap(page, 'payouts-list')
})

test('an unknown outbox entry is recovered with the same Idempotency-Key', async ({ app, sim }) => {
  const { page, desk } = app
  await onWallets(page)
  await registerVerifiedDestination(app, sim.sandbox.url)
  const wallet = await usdcWallet(app)
  // Every attempt is committed by the provider, then the answer is lost; the lookup by key fails too.
  await consolePost(sim.sandbox.url, '/faults', {
    method: 'POST',
    path_prefix: '/api/v1/withdrawals',
    mode: 'drop_after_commit',
    times: 5,
  })
  await consolePost(sim.sandbox.url, '/faults', {
    method: 'GET',
    path_prefix: '/api/v1/withdrawals',
    mode: 'status',
    status: 503,
    // Retry at once: the app honours Retry-After, and ten of the simulator's default second add nothing here.
    retry_after: 0,
    times: 10,
  })

  await openSection(page, 'Payouts')
  await page.getByRole('button', { name: 'New payout' }).click()
  const form = page.getByRole('form', { name: 'New payout' })
  await form.getByLabel('From wallet').selectOption({ label: wallet.name })
  await form.getByLabel('Asset').selectOption('USDC')
  const network = form.getByLabel('Network')
  if (await network.isVisible()) await network.selectOption('ethereum-sepolia')
  await form.getByLabel(/^Amount/).fill('6.5')
  await chooseDestination(form, `Supplier · ${ADDRESS}`)
  await form.getByRole('button', { name: 'Review' }).click()
  await confirmNewDestination(page.getByRole('region', { name: 'Review payout' }))
  await page.getByRole('button', { name: 'Request payout' }).click()
  await expect(page.getByTestId('payout-outcome')).toContainText('could not confirm', { timeout: 60_000 })
  const outbox = page.getByTestId('outbox')
  await expect(outbox.getByTestId('outbox-row')).toHaveCount(1)
  await snap(page, 'payouts-outbox-unknown')

  const [entry] = await desk.router.call('payouts.outbox', {})
  // Use up the remaining faults: the provider answers again.
  for (let i = 0; i < 10 && !(await desk.router.dispatch('withdrawals.list', {})).ok; i++);
  await outbox.getByRole('button', { name: 'Check again' }).click()
  await expect(outbox).toBeHidden()
  // The banner of the request follows it: no longer "could not confirm" once the provider confirmed it.
  await expect(page.getByTestId('payout-outcome')).toContainText('The provider has the request (same Idempotency-Key)')
  await expect(page.getByTestId('payout-outcome').getByRole('button', { name: 'Follow this payout' })).toBeVisible()
  await page.getByRole('button', { name: 'Open history' }).click()
  const payouts = await desk.router.call('withdrawals.list', { idempotency_key: entry!.idempotencyKey })
  expect(payouts).toHaveLength(1)
  await page.getByLabel('Search payouts').fill(entry!.idempotencyKey)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByTestId('search-row')).toHaveCount(1)
})
