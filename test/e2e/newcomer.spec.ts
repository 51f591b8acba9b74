import { payableBody } from '../harness/e2e-destinations'
import { expect, onWallets, openSection, test } from '../harness/e2e-fixtures'
import { openPayoutTab } from '../harness/e2e-payout-tabs'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts): the demo book has Jane Doe on Polygon.
test.use({ seed: 'simulator' })

test('Tab reaches Amount and destination before a network is chosen, each saying what to choose first', async ({
  app,
}) => {
  const { page } = app
  await onWallets(page)
  await openSection(page, 'Payouts')
  await page.getByRole('button', { name: 'New payout' }).click()
  const form = page.getByRole('form', { name: 'New payout' })
  await expect(form.getByLabel('From wallet')).toBeFocused()
  const reached: string[] = []
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab')
    reached.push(await page.evaluate(() => document.activeElement?.id ?? ''))
  }
  const amountId = await form.getByLabel('Amount').getAttribute('id')
  const destinationId = await form.getByLabel('To destination').getAttribute('id')
  expect(reached).toContain(amountId)
  expect(reached).toContain(destinationId)
  await expect(form.getByLabel('Amount')).toHaveAccessibleDescription(
    'Choose the wallet and asset first (and the network, when it has several).',
  )
  await form.getByLabel('To destination').fill('Jane')
  await expect(form.getByRole('status').filter({ hasText: 'Choose the wallet and asset first' })).toBeVisible()
})

test('typing a name that is in the book on another network says where she is, not that nothing matches', async ({
  app,
}) => {
  const { page } = app
  await onWallets(page)
  await openSection(page, 'Payouts')
  await page.getByRole('button', { name: 'New payout' }).click()
  const form = page.getByRole('form', { name: 'New payout' })
  await form.getByLabel('From wallet').selectOption({ label: 'Treasury' })
  await form.getByLabel('Asset').selectOption('ETH')
  await form.getByLabel('To destination').fill('Jane')
  const note = form.getByRole('status').filter({ hasText: 'Jane' })
  await expect(note).toHaveText(
    /^“Jane Doe” is on Polygon[^,]*, not Ethereum[^:]*: choose a wallet and an asset on Polygon[^ ]* ?[^ ]* to pay it\.$/,
  )
  await expect(form).not.toContainText('No destination matches')
  await form.getByLabel('To destination').fill('Nobody at all')
  await expect(form.getByRole('status').filter({ hasText: 'No destination matches' })).toBeVisible()
})

test('a payout waiting for approval on the simulator offers its console where it waits', async ({ app }) => {
  const { page, desk } = app
  await onWallets(page)
  const { withdrawal } = await desk.router.call('payouts.request', await payableBody(desk, '0.001'))
  expect(withdrawal?.status).toBe('pending_approval')
  await openSection(page, 'Payouts')
  await openPayoutTab(page, 'Waiting')
  const waiting = page.getByRole('region', { name: 'Waiting on the console' })
  await waiting.getByRole('button', { name: 'Open simulator console' }).click()
  await expect.poll(() => desk.opened.some((u) => u.includes('/_console'))).toBe(true)
  // And on the payout's own page.
  await waiting.getByTestId('console-waiting-row').first().getByRole('button').first().click()
  await expect(page.getByRole('button', { name: 'Open simulator console' })).toBeVisible()
})
