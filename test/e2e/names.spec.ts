import { recordedElsewhere } from '../harness/e2e-destinations'
import { consolePost, expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'
/** Markup and a right-to-left override: both must reach the screen as plain, visible text. */
const HOSTILE_LABEL = '<img src=x onerror="window.pwned=1">Supplier\u202Egpj.exe'
const SHOWN_LABEL = '<img src=x onerror="window.pwned=1">Supplier[U+202E]gpj.exe'

test('names first: payouts, transactions and their details name the destination and the wallet; others are outside addresses', async ({
  app,
  sim,
}) => {
  const { page, desk } = app
  await onWallets(page)
  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia'),
  )!
  // The desk refuses such a label on entry; the provider keeps what another client recorded.
  const counterparty = await recordedElsewhere(sim.sandbox.url, { label: HOSTILE_LABEL, company: 'Supplier GmbH' })
  await consolePost(sim.sandbox.url, `/counterparties/${counterparty.id}/verify`)
  const { withdrawal } = await desk.router.call('payouts.request', {
    wallet_id: wallet.id,
    asset: 'USDC',
    network: 'ethereum-sepolia',
    amount: '2.5',
    destination: ADDRESS,
    fee_priority: 'medium',
  })
  for (const step of ['approve', 'process', 'complete'])
    await consolePost(sim.sandbox.url, `/withdrawals/${withdrawal!.id}/${step}`)
  await consolePost(sim.sandbox.url, '/transactions', {
    wallet_id: wallet.id,
    direction: 'in',
    asset: 'USDC',
    network: 'ethereum-sepolia',
    amount: '7',
  })

  await openSection(page, 'Payouts')
  const row = page.getByTestId('payout-row').first()
  const destination = row.getByTestId('party')
  await expect(destination).toContainText(SHOWN_LABEL)
  await expect(destination).toContainText('Supplier GmbH')
  // Shortened on screen, whole on hover and in the copy.
  await expect(destination.locator('code')).toHaveAttribute('title', ADDRESS)
  await expect(destination.locator('code')).not.toHaveText(ADDRESS)
  await expect(row.getByTestId('wallet-ref')).toContainText(wallet.name)
  await expect(page.locator('img[src="x"]')).toHaveCount(0)
  expect(await page.evaluate(() => (globalThis as { pwned?: number }).pwned)).toBeUndefined()
  await snap(page, 'names-payouts')

  await row.getByRole('button').first().click()
  await expect(page.getByRole('heading', { name: 'Payout', level: 1 })).toBeVisible()
  await expect(page.getByTestId('party')).toContainText(SHOWN_LABEL)
  await expect(page.getByTestId('wallet-ref')).toContainText(wallet.name)
  await snap(page, 'names-payout-detail')

  await openSection(page, 'Transactions')
  const table = page.getByRole('table', { name: 'Transactions' })
  // The first sync reads the whole history: on a crowded machine longer than a step's 10 s.
  await expect(page.getByTestId('ledger-status')).toContainText('Synced to', { timeout: 45_000 })
  await expect(table.getByRole('row').filter({ hasText: SHOWN_LABEL }).first()).toBeVisible()
  const deposit = table.getByRole('row').filter({ hasText: 'outside address' }).first()
  await expect(deposit).toBeVisible()
  await deposit.getByRole('cell').first().click()
  const detail = page.getByTestId('tx-detail')
  await expect(detail.getByTestId('party').filter({ hasText: 'outside address' })).toHaveCount(1)
  await expect(detail.getByTestId('party').filter({ hasText: wallet.name })).toHaveCount(1)
  await expect(detail.getByTestId('wallet-ref')).toContainText(wallet.name)
  await snap(page, 'names-transactions')
})
