import { expect, quickStart, snap, test } from '../harness/e2e-fixtures'

test('quick start: the local simulator makes a sandbox profile with a tested key and opens Wallets', async ({
  app,
  sim,
}) => {
  const { page } = app
  await quickStart(page)
  await expect(page.getByTestId('env-badge')).toHaveText('SANDBOX')
  await expect(page.getByRole('table', { name: 'Wallets' })).toBeVisible()
  await expect(page.locator('#profile-picker')).toContainText('Local simulator')
  await snap(page, 'quickstart-wallets')

  await page.getByRole('button', { name: /^Keys & profiles/ }).click()
  await expect(page.getByRole('heading', { name: 'Local simulator', level: 2 })).toBeVisible()
  await expect(page.getByText('the local simulator', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Open simulator console' }).click()
  await expect.poll(() => app.opened).toContain(`${sim.sandbox.url}/_console/`)
})
