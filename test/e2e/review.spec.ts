import Big from 'big.js'
import type { Page } from '@playwright/test'
import { verifiedSupplier } from '../harness/e2e-destinations'
import { expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'
import { chooseDestination } from '../harness/destination-picker'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'

async function openForm(page: Page, walletName: string, asset: string) {
  await openSection(page, 'Payouts')
  await page.getByRole('button', { name: 'New payout' }).click()
  const form = page.getByRole('form', { name: 'New payout' })
  await form.getByLabel('From wallet').selectOption({ label: walletName })
  await form.getByLabel('Asset').selectOption(asset)
  const network = form.getByLabel('Network')
  if (await network.isVisible()) await network.selectOption('ethereum-sepolia')
  return form
}

test('the review shows what leaves: amount, USD, network, balance before and after, share, destination and fee', async ({
  app,
  sim,
}) => {
  const { page, desk } = app
  await onWallets(page)
  await verifiedSupplier(desk, sim.sandbox.url)
  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia'),
  )!
  const usdc = wallet.balances.find((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia')!
  const amount = new Big(usdc.available).times(0.92).round(2, Big.roundDown).toFixed()
  const form = await openForm(page, wallet.name, 'USDC')
  // One heading a step, never the page's title again over the form (issue 54).
  await expect(page.getByRole('heading', { name: 'New payout' })).toHaveCount(1)
  await form.getByLabel(/^Amount/).fill(amount)
  await chooseDestination(form, `Supplier · ${ADDRESS}`)
  await form.getByLabel('Fee priority').selectOption('high')
  await form.getByRole('button', { name: 'Review' }).click()

  const review = page.getByRole('region', { name: 'Review payout' })
  await expect(page.getByRole('heading', { name: 'Review the payout', level: 1 })).toBeFocused()
  await expect(page.getByRole('heading', { name: 'New payout' })).toHaveCount(0)
  await expect(page.getByRole('list', { name: 'Steps' }).locator('[aria-current="step"]')).toHaveText('Review')
  const shown = review.getByTestId('review-amount')
  await expect(shown.locator(`[data-value="${amount}"]`)).toContainText('USDC')
  await expect(shown).toContainText(/≈ \$[\d,.]+ \(indicative\)/)
  await expect(review.getByTestId('review-share')).toHaveText(/^(91|92) % of available$/)
  await expect(review).toContainText('Ethereum Sepolia')
  await expect(review.locator(`[data-value="${usdc.available}"]`)).toBeVisible()
  await expect(review.getByTestId('review-after').locator('[data-value]')).toHaveAttribute(
    'data-value',
    new Big(usdc.available).minus(amount).toFixed(),
  )
  const to = review.getByTestId('review-destination')
  await expect(to).toContainText('Supplier · Supplier GmbH')
  await expect(to).toContainText(ADDRESS)
  await expect(to).toContainText(/Company · held at Example Custody · verified \w+/)
  await expect(review).toContainText('high')
  await expect(review.getByTestId('review-fee')).toContainText(
    'The network fee is charged by the provider, in ETH from this wallet',
  )
  await snap(page, 'payout-review-effect')
})

test('Max on a network’s own asset warns that nothing is left for fees and offers a margin; on a token it takes all', async ({
  app,
  sim,
}) => {
  const { page, desk } = app
  await onWallets(page)
  await verifiedSupplier(desk, sim.sandbox.url)
  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'ETH' && b.network === 'ethereum-sepolia' && new Big(b.available).gt('0.01')),
  )!
  const eth = wallet.balances.find((b) => b.asset === 'ETH' && b.network === 'ethereum-sepolia')!
  const form = await openForm(page, wallet.name, 'ETH')
  const amount = form.getByLabel(/^Amount/)
  await form.getByRole('button', { name: 'Max' }).click()
  await expect(amount).toHaveValue(eth.available)
  const notice = form.getByTestId('fee-margin')
  await expect(notice).toContainText('nothing is left on Ethereum Sepolia to pay the network fee of token payouts')
  await snap(page, 'payout-max-native')
  await notice.getByRole('button', { name: /Leave 0\.01 ETH for fees/ }).click()
  await expect(amount).toHaveValue(new Big(eth.available).minus('0.01').toFixed())
  await expect(notice).toHaveCount(0)

  const usdc = wallet.balances.find((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia')
  if (usdc) {
    await form.getByLabel('Asset').selectOption('USDC')
    const network = form.getByLabel('Network')
    if (await network.isVisible()) await network.selectOption('ethereum-sepolia')
    await form.getByRole('button', { name: 'Max' }).click()
    await expect(amount).toHaveValue(usdc.available)
    await expect(form.getByTestId('fee-margin')).toHaveCount(0)
  }
})
