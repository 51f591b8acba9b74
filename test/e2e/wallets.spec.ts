import { checkA11y, consolePost, expect, openSection, quickStart, snap, test } from '../harness/e2e-fixtures'

test('wallets: list with total USD, a wallet with balances, deposit addresses and recent movements', async ({ app }) => {
  const { page, desk } = app
  await quickStart(page)
  const wallets = await desk.router.call('wallets.list', {})
  const table = page.getByRole('table', { name: 'Wallets' })
  await expect(table.getByRole('row')).toHaveCount(wallets.length + 1)
  await expect(page.getByTestId('wallets-total')).toContainText('indicative')
  await snap(page, 'wallets-list')
  await checkA11y(page)

  const wallet = wallets[0]!
  await table.getByRole('button', { name: wallet.name }).click()
  await expect(page.getByRole('heading', { name: wallet.name, level: 1 })).toBeVisible()
  const balances = page.getByRole('table', { name: 'Balances' })
  await expect(balances.getByRole('row')).toHaveCount(wallet.balances.length + 1)
  await expect(balances).toContainText(wallet.balances[0]!.amount)
  await expect(balances).toContainText('(indicative)')
  const deposit = page.getByRole('table', { name: 'Deposit addresses' })
  await expect(deposit).toContainText(wallet.deposit_addresses[0]!.address)
  await deposit.getByRole('button', { name: 'Show QR' }).first().click()
  await expect(deposit.getByRole('img', { name: /QR code of the/ })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Recent movements' }).or(page.getByText('No movements yet'))).toBeVisible()
  await snap(page, 'wallet-detail')
  await checkA11y(page)
})

test('a wallet whose balances cannot be read shows an error and a retry, never a zero', async ({ app, sim }) => {
  const { page } = app
  await quickStart(page)
  await consolePost(sim.sandbox.url, '/wallets', {
    workspace_id: 'ws-demo',
    name: 'Cold storage',
    balances: [{ asset: 'BTC', network: 'bitcoin-testnet', amount: '1.5', available: '1.5', decimals: 8 }],
    unreadable: true,
  })
  await openSection(page, 'Transactions')
  await openSection(page, 'Wallets')
  // Either the list itself fails (no total shown) or the wallet's own page does.
  const error = page.getByRole('alert')
  await expect(error.or(page.getByRole('table', { name: 'Wallets' }))).toBeVisible({ timeout: 30_000 })
  if (await error.isVisible()) await expect(page.getByTestId('wallets-total')).toHaveCount(0)
  else await page.getByRole('button', { name: 'Cold storage' }).click()
  await expect(page.getByRole('alert')).toContainText('X-Request-Id')
  await expect(page.getByRole('alert').getByRole('button', { name: 'Retry' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Balances' })).toHaveCount(0)
  await snap(page, 'wallet-unreadable', ['light'])
  await checkA11y(page)
})
