import { createSupplier, SUPPLIER_ADDRESS } from '../harness/e2e-destinations'
import { consolePost, expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'
import { moreFilters } from '../harness/e2e-filters'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

/** The supplier's address with one middle character changed: the same ends, another address. */
const POISONED = `${SUPPLIER_ADDRESS.slice(0, 21).toLowerCase()}${SUPPLIER_ADDRESS[21] === '1' ? '2' : '1'}${SUPPLIER_ADDRESS.slice(22).toLowerCase()}`

test('a zero-value transfer from a look-alike of a destination is badged, filtered, and its sender not copied without a warning', async ({
  app,
  sim,
}) => {
  test.setTimeout(150_000)
  const { page, desk } = app
  await onWallets(page)
  await createSupplier(desk)
  const wallets = await desk.router.call('wallets.list', {})
  const wallet = wallets.find((w) => w.balances.some((b) => b.network === 'ethereum-sepolia'))!
  const asset = wallet.balances.find((b) => b.network === 'ethereum-sepolia')!.asset
  await consolePost(sim.sandbox.url, '/transactions', {
    wallet_id: wallet.id,
    direction: 'in',
    asset,
    network: 'ethereum-sepolia',
    amount: '0',
    from_address: POISONED,
  })
  await consolePost(sim.sandbox.url, '/transactions', {
    wallet_id: wallet.id,
    direction: 'in',
    asset,
    network: 'ethereum-sepolia',
    amount: '0',
  })

  await openSection(page, 'Transactions')
  await expect(page.getByTestId('ledger-status')).toContainText('Synced to', { timeout: 60_000 })
  const table = page.getByRole('table', { name: 'Transactions' })
  // The zero from an unrelated address is not flagged: one badge.
  await expect(table.getByTestId('bait-badge')).toHaveCount(1)
  await moreFilters(page)
  await page.getByRole('checkbox', { name: 'Suspected poisoning' }).check()
  await expect(page.getByTestId('tx-count')).toHaveText('1 loaded (all)')
  await snap(page, 'bait-filter')

  await table.getByRole('row').nth(1).getByRole('cell').first().click()
  const detail = page.getByTestId('tx-detail')
  await expect(detail.getByTestId('bait-notice')).toContainText('Suspected address poisoning')
  await detail.getByRole('button', { name: 'Copy sender address' }).click()
  const warning = detail.getByTestId('copy-warning')
  await expect(warning).toContainText('Do not pay or save it')
  await snap(page, 'bait-copy-warning')
  await warning.getByRole('button', { name: 'Do not copy' }).click()
  await expect(warning).toHaveCount(0)
})
