import { expect, onWallets, openSection, test } from '../harness/e2e-fixtures'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts), with a small request budget the test can
// spend: 8 requests per 20 s.
test.use({ seed: 'simulator', deskPacing: { limit: 8, windowSeconds: 20 } })

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'

test('a destination registered while the budget is spent says what it waits for and how long, then registers', async ({
  app,
}) => {
  test.setTimeout(120_000)
  const { page, desk } = app
  await onWallets(page)
  await openSection(page, 'Destinations')
  await page.getByRole('button', { name: 'New destination' }).click()
  const form = page.getByRole('form', { name: 'New destination' })
  await form.getByLabel('Network').selectOption('ethereum-sepolia')
  await form.getByLabel('Address').fill(ADDRESS)
  await form.getByLabel('Company name').fill('Supplier GmbH')
  await form.getByLabel('Provider name').fill('Example Custody')
  await form.getByLabel('Country').selectOption('DE')
  await form.getByLabel('Label (optional)').fill('Supplier')

  // Another piece of work on the key (an import, a sync) takes the whole budget of the window.
  for (;;) {
    const { remaining } = await desk.router.call('pacing.status', {})
    if (remaining === 0) break
    await desk.router.call('wallets.list', {})
  }
  await form.getByRole('button', { name: 'Register destination' }).click()
  await expect(form.getByRole('button', { name: 'Register destination' })).toBeDisabled()
  const note = form.getByTestId('budget-wait')
  await expect(note).toHaveText(
    /^Waiting for the request budget: all 8 requests per 20 s of this key are in use \(other work and other processes on the key share them\); about \d+ s more\.$/,
  )
  const seconds = () => note.textContent().then((t) => Number(/about (\d+) s/.exec(t ?? '')?.[1]))
  const first = await seconds()
  expect(first).toBeGreaterThan(0)
  expect(first).toBeLessThanOrEqual(21)
  // The top bar says it too, wherever the person looks.
  await expect(page.getByTestId('pacing-waiting')).toContainText('a request waits')
  // It counts down, and the registration goes through once a place frees.
  await expect.poll(seconds, { timeout: 5_000 }).toBeLessThan(first)
  await expect(page.getByTestId('destination-outcome')).toContainText('Registered “Supplier”', { timeout: 30_000 })
  await expect(note).toBeHidden()
  await expect(page.getByTestId('pacing-waiting')).toBeHidden()
})
