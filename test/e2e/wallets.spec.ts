import { consolePost, expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

test('wallets: list with total USD, a wallet with balances, deposit addresses and recent movements', async ({
  app,
}) => {
  const { page, desk } = app
  await onWallets(page)
  const wallets = await desk.router.call('wallets.list', {})
  const table = page.getByRole('table', { name: 'Wallets' })
  await expect(table.getByRole('row')).toHaveCount(wallets.length + 1)
  await expect(page.getByTestId('wallets-total')).toContainText('indicative')
  await snap(page, 'wallets-list')

  const wallet = wallets[0]!
  await table.getByRole('button', { name: wallet.name }).click()
  await expect(page.getByRole('heading', { name: wallet.name, level: 1 })).toBeVisible()
  const balances = page.getByRole('table', { name: 'Balances' })
  await expect(balances.getByRole('row')).toHaveCount(wallet.balances.length + 1)
  await expect(balances.locator(`[data-value="${wallet.balances[0]!.amount}"]`).first()).toBeVisible()
  await expect(balances).toContainText('(indicative)')
  // Each column of money lines up on the decimal point, whatever each asset's number of decimals.
  for (const column of [3, 4]) {
    const points = await balances
      .locator(`td:nth-child(${column}) .money-frac`)
      .evaluateAll((els) =>
        els.filter((e) => e.textContent !== '').map((e) => Math.round(e.getBoundingClientRect().left)),
      )
    expect(new Set(points).size, `column ${column}: decimal points at x=${points.join(', ')}`).toBeLessThanOrEqual(1)
  }
  const deposit = page.getByRole('table', { name: 'Deposit addresses' })
  await expect(deposit).toContainText(wallet.deposit_addresses[0]!.address)
  await deposit.getByRole('button', { name: 'Show QR' }).first().click()
  await expect(deposit.getByRole('img', { name: /QR code of the/ })).toBeVisible()
  await expect(
    page.getByRole('table', { name: 'Recent movements' }).or(page.getByText('No movements yet')),
  ).toBeVisible()
  await snap(page, 'wallet-detail')
})

test('a list that cannot be read again keeps what it knew, marked with its time and request id; never a zero', async ({
  app,
  sim,
}) => {
  const { page, desk } = app
  await onWallets(page)
  const table = page.getByRole('table', { name: 'Wallets' })
  // Counted only once the list has painted; a count taken earlier would be zero.
  const rowsBefore = (await desk.router.call('wallets.list', {})).length + 1
  await expect(table.getByRole('row')).toHaveCount(rowsBefore)
  await consolePost(sim.sandbox.url, '/wallets', {
    workspace_id: 'ws-demo',
    name: 'Cold storage',
    balances: [{ asset: 'BTC', network: 'bitcoin-testnet', amount: '1.5', available: '1.5', decimals: 8 }],
    unreadable: true,
  })
  await openSection(page, 'Transactions')
  await openSection(page, 'Wallets')
  const stale = page.getByTestId('stale-notice')
  await expect(stale).toContainText(/As of .*\d{2}:\d{2}.* — the provider did not answer \(request id \S+/, {
    timeout: 30_000,
  })
  // What was read before stays, unchanged: no row disappears, none is added as zero.
  await expect(table.getByRole('row')).toHaveCount(rowsBefore)
  await expect(page.getByTestId('wallets-total')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cold storage' })).toHaveCount(0)
  await snap(page, 'wallets-degraded')

  // Nothing read yet (a fresh window): the error, its request id and a retry, and no total.
  await page.reload()
  await expect(page.getByRole('alert')).toContainText('X-Request-Id', { timeout: 30_000 })
  await expect(page.getByRole('alert').getByRole('button', { name: 'Retry' })).toBeVisible()
  await expect(page.getByTestId('wallets-total')).toHaveCount(0)
  await expect(table).toHaveCount(0)
  await snap(page, 'wallet-unreadable')
})
