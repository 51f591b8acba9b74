import { DEFAULT_POLICY } from '../../shared/policy/policy-schema'
import { verifiedSupplier } from '../harness/e2e-destinations'
import { consolePost, expect, onWallets, openSection, test } from '../harness/e2e-fixtures'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

/** How the Time component writes an instant (the test's zone is UTC): "Nov 25, 2026, 7:04:17 PM UTC". */
const INSTANT = /[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2}\s[AP]M UTC/

test('one format per thing: times as the Times setting writes them, network names, statuses in words, hashes linked', async ({
  app,
  sim,
}) => {
  test.setTimeout(180_000)
  const { page, desk } = app
  await onWallets(page)
  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia' && Number(b.available) > 5),
  )!
  const supplier = await verifiedSupplier(desk, sim.sandbox.url)
  const { withdrawal } = await desk.router.call('payouts.request', {
    wallet_id: wallet.id,
    asset: 'USDC',
    network: 'ethereum-sepolia',
    amount: '2.5',
    destination: supplier.address,
    fee_priority: 'medium',
  })
  for (const step of ['approve', 'process', 'complete'])
    await consolePost(sim.sandbox.url, `/withdrawals/${withdrawal!.id}/${step}`)
  const profileId = (await desk.keys.profiles.current())!.id
  await desk.router.call('profiles.setAgentWriteTools', { profileId, enabled: true })
  await desk.router.call('policy.set', { profileId, policy: DEFAULT_POLICY })

  // The hash of a movement and of a payout opens the network's explorer wherever it is shown.
  await page.getByRole('table', { name: 'Wallets' }).getByRole('button', { name: wallet.name }).click()
  const movements = page.getByRole('table', { name: 'Recent movements' })
  await expect(movements).toContainText('2.5')
  await expect
    .soft(movements.getByRole('link', { name: /^Open transaction / }).first())
    .toHaveAttribute('href', /^https:\/\/sepolia\.etherscan\.io\/tx\//)
  await openSection(page, 'Payouts')
  await page.getByTestId('payout-row').filter({ hasText: '2.5' }).first().getByRole('button').first().click()
  await expect
    .soft(page.getByTestId('tx-hash').getByRole('link', { name: /^Open transaction / }))
    .toHaveAttribute('href', /^https:\/\/sepolia\.etherscan\.io\/tx\//)

  // The ledger's sync time is written as every other time, and the report names networks.
  await openSection(page, 'Transactions')
  await expect(page.getByTestId('ledger-status')).toContainText(/Synced to/, { timeout: 60_000 })
  await expect.soft(page.getByTestId('ledger-status')).toContainText(INSTANT)
  await page.getByRole('button', { name: 'Reconciliation report' }).click()
  const report = page.getByTestId('report-panel')
  await report.getByLabel(/^Period after/).fill('2000-01-01T00:00:00')
  await report.getByRole('button', { name: 'Build report' }).click()
  const totals = report.getByRole('table', { name: 'Totals per wallet, asset and network' })
  await expect.soft(totals).toContainText('Ethereum Sepolia')
  await expect.soft(totals).not.toContainText('ethereum-sepolia')

  // A batch's review names the network; its rows say their status in words.
  await openSection(page, 'Payouts')
  await page.getByRole('button', { name: 'Batch from CSV' }).click()
  const csv = ['destination;amount;asset;network;wallet', `Supplier;0.01;USDC;ethereum-sepolia;${wallet.name}`].join(
    '\n',
  )
  await page
    .getByTestId('batch-screen')
    .getByLabel('CSV file')
    .setInputFiles({ name: 'one.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await expect.soft(page.getByTestId('batch-total')).toContainText('Ethereum Sepolia')
  await expect.soft(page.getByTestId('batch-total')).not.toContainText('ethereum-sepolia')
  await page.getByTestId('batch-review').getByRole('button', { name: 'Record and send 1 payouts' }).click()
  await expect(page.getByTestId('batch-counts')).toContainText('finished', { timeout: 30_000 })
  await expect.soft(page.getByTestId('batch-row')).toContainText('pending approval')

  // The policy's time follows the Times setting too.
  await openSection(page, 'Agent')
  const origin = page.getByRole('region', { name: 'Agent policy' }).getByTestId('policy-origin')
  await expect.soft(origin).toContainText(INSTANT)
  await expect.soft(origin).not.toContainText(/\d{4}-\d{2}-\d{2}T/)
})
