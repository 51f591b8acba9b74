import { startWebhookReceiver } from '../harness/notify-receivers'
import { expect, onWallets, snap, test } from '../harness/e2e-fixtures'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

test('Notifications: a webhook channel is added, tested and listed without its URL', async ({ app }) => {
  test.setTimeout(120_000)
  const hooks = await startWebhookReceiver()
  try {
    const { page } = app
    await onWallets(page)
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: /^Notifications/ })
      .click()
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible()
    await expect(page.getByText('No channel yet')).toBeVisible()
    const form = page.getByRole('form', { name: 'Add a channel' })
    await form.getByLabel('Kind').selectOption('webhook')
    await form.getByLabel('Webhook URL').fill(`${hooks.url}/secret-hook-path`)
    await form.getByLabel('Name (optional)').fill('Ops <!channel>')
    await form.getByRole('button', { name: 'Add channel' }).click()
    const row = page.getByTestId('notify-channel-row')
    await expect(row).toHaveCount(1)
    await expect(row).toContainText('Ops <!channel>')
    await expect(page.getByTestId('notify-channels')).not.toContainText('secret-hook-path')
    await row.getByRole('button', { name: 'Send test' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'test delivered' })).toBeVisible()
    expect(hooks.received.map((r) => JSON.parse(r.body).kind)).toEqual(['test'])
    await snap(page, 'notifications')
    await row.getByRole('button', { name: 'Remove' }).click()
    await expect(row).toHaveCount(0)
  } finally {
    await hooks.close()
  }
})
