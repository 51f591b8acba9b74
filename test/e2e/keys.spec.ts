import type { Desk } from '../../electron/core/desk'
import { Router } from '../../electron/core/ipc/router'
import { consolePost, expect, openSection, snap, test } from '../harness/e2e-fixtures'

/** Holds the page's calls of one channel until the test lets them go, to see the screen while it waits. */
function hold(desk: Desk, channel: string): () => void {
  const router = desk.router
  let release = () => {}
  const gate = new Promise<void>((resolve) => (release = resolve))
  router.dispatch = async (c, input) => {
    if (c === channel) await gate
    return Router.prototype.dispatch.call(router, c, input)
  }
  return () => {
    delete (router as Partial<Router>).dispatch
    release()
  }
}

async function register(baseUrl: string, publicKey: string): Promise<string> {
  const res = (await consolePost(baseUrl, '/keys', {
    workspace_id: 'ws-demo',
    algorithm: 'ed25519',
    public_key: publicKey,
  })) as { key_id: string }
  return res.key_id
}

test('Keys & profiles: create, key, Key ID, test, rotate, agent tools, delete, remove', async ({ app, sim }) => {
  const { page, desk } = app
  await page.getByRole('button', { name: 'Add a profile' }).click()
  const form = page.getByRole('form', { name: 'New profile' })
  await form.getByLabel('Name').fill('Ops sandbox')
  await form.getByLabel('Base URL').fill('ftp://nowhere')
  await form.getByRole('button', { name: 'Create profile' }).click()
  await expect(form.getByText('The base URL must start with https:// (got "ftp:").')).toBeVisible()
  await form.getByLabel('Base URL').fill(sim.sandbox.url)
  await form.getByRole('button', { name: 'Create profile' }).click()
  await expect(page.getByRole('heading', { name: 'Ops sandbox', level: 2 })).toBeVisible()

  if (await page.getByRole('button', { name: 'Generate key' }).isVisible())
    await page.getByRole('button', { name: 'Generate key' }).click()
  const base64 = (await page.getByTestId('pk-base64').first().textContent())!.trim()
  expect(base64).toMatch(/^[A-Za-z0-9+/]{43}=$/)
  await expect(page.getByRole('img', { name: /QR code of the public key/ }).first()).toBeVisible()
  await snap(page, 'keys-profile-new-key')

  const keyId = await register(sim.sandbox.url, base64)
  await page.getByRole('textbox', { name: 'Key ID', exact: true }).fill(keyId)
  await page.getByRole('button', { name: 'Save Key ID' }).click()
  await expect(page.getByRole('table', { name: 'Profiles' }).locator('.chip-good')).toHaveText('ready')
  // While the test runs its button says so, and the panel's other key actions wait for it.
  const answer = hold(desk, 'keys.test')
  await page.getByRole('button', { name: 'Test connection' }).click()
  await expect(page.getByRole('button', { name: 'Testing…' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Rotate key' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Delete key' })).toBeDisabled()
  answer()
  await expect(page.getByTestId('connection-result')).toContainText(/Connected: the workspace has \d+ wallets?/)
  await snap(page, 'keys-connected')

  // A rotation started by mistake is cancelled: its key goes, the active one stays, and its registered Key ID is named.
  await page.getByRole('button', { name: 'Rotate key' }).click()
  const abandoned = page.getByTestId('pending-key')
  const abandonedBase64 = (await abandoned.getByTestId('pk-base64').textContent())!.trim()
  const abandonedKeyId = await register(sim.sandbox.url, abandonedBase64)
  await abandoned.getByRole('textbox', { name: 'Key ID of the new key' }).fill(abandonedKeyId)
  await abandoned.getByRole('button', { name: 'Save Key ID' }).click()
  await abandoned.getByRole('button', { name: 'Cancel rotation' }).click()
  const cancelDialog = page.getByRole('dialog', { name: 'Cancel this rotation?' })
  await expect(cancelDialog).toContainText(`Key ID ${keyId}) stays in use`)
  await expect(cancelDialog.getByTestId('revoke-pending-reminder')).toContainText(`registered as ${abandonedKeyId}`)
  await cancelDialog.getByRole('button', { name: 'Cancel rotation' }).click()
  await expect(abandoned).toBeHidden()
  await expect(page.getByTestId('pk-base64')).toHaveText(base64)
  await expect(page.getByRole('button', { name: 'Rotate key' })).toBeEnabled()

  // Rotation: the new key waits beside the active one until its Key ID passes the test. While the new key is read,
  // the cancelled one is not on screen, even for a moment: it could be pasted into the console.
  const keyRead = hold(desk, 'keys.publicKey')
  await page.getByRole('button', { name: 'Rotate key' }).click()
  const pending = page.getByTestId('pending-key')
  await expect(pending).toBeVisible()
  await expect(pending.getByTestId('pk-base64')).toHaveCount(0)
  keyRead()
  const newBase64 = (await pending.getByTestId('pk-base64').textContent())!.trim()
  expect(newBase64).not.toBe(base64)
  expect(newBase64).not.toBe(abandonedBase64)
  const newKeyId = await register(sim.sandbox.url, newBase64)
  await pending.getByRole('textbox', { name: 'Key ID of the new key' }).fill(newKeyId)
  await pending.getByRole('button', { name: 'Save Key ID' }).click()
  await expect(pending.getByRole('button', { name: 'Test the new key' })).toBeEnabled()
  await snap(page, 'keys-rotating')
  await pending.getByRole('button', { name: 'Test the new key' }).click()
  await expect(page.getByText('The new key passed the test and is now active.')).toContainText(
    `Revoke the old Key ID ${keyId} in the provider's console`,
  )
  await expect(pending).toBeHidden()
  await expect(page.getByTestId('pk-base64').first()).toHaveText(newBase64)

  // Agent write tools name the environment before they turn on (the Agent screen, for the profile in use).
  await openSection(page, 'Agent')
  await page.getByLabel(/Allow the agent's write tools/).click()
  const confirm = page.getByRole('dialog', { name: 'Allow agent write tools?' })
  await expect(confirm).toContainText('SANDBOX')
  await confirm.getByRole('button', { name: 'Allow in SANDBOX' }).click()
  await expect(page.getByLabel(/Allow the agent's write tools/)).toBeChecked()
  await openSection(page, 'Keys & profiles')

  await page.getByRole('button', { name: 'Delete key' }).click()
  const del = page.getByRole('dialog', { name: 'Delete this key?' })
  await del.getByRole('button', { name: 'Keep as is' }).click()
  await expect(del).toBeHidden()
  await page.getByRole('button', { name: 'Delete key' }).click()
  await expect(page.getByRole('dialog', { name: 'Delete this key?' }).getByTestId('revoke-reminder')).toContainText(
    `revoke the Key ID ${newKeyId} in the provider's console`,
  )
  await page.getByRole('dialog', { name: 'Delete this key?' }).getByRole('button', { name: 'Delete key' }).click()
  await expect(page.getByRole('button', { name: 'Generate key' })).toBeVisible()

  await page.getByRole('button', { name: 'Remove profile' }).click()
  await page
    .getByRole('dialog', { name: 'Remove this profile?' })
    .getByRole('button', { name: 'Remove profile' })
    .click()
  await expect(page.getByText('No profiles yet')).toBeVisible()
})

test('a production profile on the simulator is marked everywhere and the agent tools ask twice', async ({
  app,
  sim,
}) => {
  const { page } = app
  await page.getByRole('button', { name: 'Add a profile' }).click()
  const form = page.getByRole('form', { name: 'New profile' })
  await form.getByLabel('Name').fill('Live treasury')
  await form.getByLabel('Environment').selectOption('production')
  await form.getByLabel('Base URL').fill('http://api.provider.example')
  await expect(form.getByText('Production moves real money.')).toBeVisible()
  await form.getByRole('button', { name: 'Create profile' }).click()
  await expect(
    form.getByText(/Plain http:\/\/ is allowed only for a local simulator on 127\.0\.0\.1, ::1 or localhost/),
  ).toBeVisible()
  // The same rule as the CLI and the core: plain http on this machine, so production can be tried on the simulator.
  await form.getByLabel('Base URL').fill(sim.production.url)
  await form.getByRole('button', { name: 'Create profile' }).click()
  await expect(page.getByRole('heading', { name: 'Live treasury', level: 2 })).toBeVisible()
  await page.locator('#profile-picker').selectOption({ label: 'Production · Live treasury' })
  await expect(page.getByRole('banner').getByTestId('env-badge')).toHaveText('PRODUCTION')
  await expect(page.locator('.app')).toHaveClass(/app-env-production/)

  await openSection(page, 'Agent')
  await page.getByLabel(/Allow the agent's write tools/).click()
  await page.getByRole('dialog', { name: 'Allow agent write tools?' }).getByRole('button', { name: 'Continue' }).click()
  const second = page.getByRole('dialog', { name: 'Confirm for PRODUCTION' })
  await expect(second).toBeVisible()
  await snap(page, 'keys-production-confirm')
  await second.getByRole('button', { name: 'Allow in PRODUCTION' }).click()
  await expect(page.getByLabel(/Allow the agent's write tools/)).toBeChecked()
  await snap(page, 'keys-production')
})

test('an HMAC secret is imported into the keychain and passes the connection test', async ({ app, sim }) => {
  const { page } = app
  await page.getByRole('button', { name: 'Add a profile' }).click()
  const form = page.getByRole('form', { name: 'New profile' })
  await form.getByLabel('Name').fill('Legacy')
  await form.getByLabel('Algorithm').selectOption('hmac')
  await form.getByLabel('Base URL').fill(sim.sandbox.url)
  await form.getByRole('button', { name: 'Create profile' }).click()
  const { key_id, secret } = (await consolePost(sim.sandbox.url, '/keys', {
    workspace_id: 'ws-demo',
    algorithm: 'hmac',
  })) as {
    key_id: string
    secret: string
  }
  const hmac = page.getByRole('form', { name: 'Import HMAC secret' })
  await hmac.getByLabel('Key ID').fill(key_id)
  await hmac.getByLabel('Secret').fill(secret)
  await hmac.getByRole('button', { name: 'Import' }).click()
  await expect(page.getByTestId('hmac-stored')).toContainText(
    /stored in the OS keychain \(service payout-desk, account \S+\) and nowhere else/,
  )
  await expect(page.locator('body')).not.toContainText(secret)
  await page.getByRole('button', { name: 'Test connection' }).click()
  await expect(page.getByTestId('connection-result')).toContainText('Connected')
  await page.getByRole('button', { name: 'Remove profile' }).click()
  const remove = page.getByRole('dialog', { name: 'Remove this profile?' })
  await expect(remove.getByTestId('revoke-reminder')).toContainText(
    `Key ID ${key_id} stays valid at the provider: revoke it in the provider's console`,
  )
  await snap(page, 'keys-remove-revoke')
  await remove.getByRole('button', { name: 'Keep as is' }).click()
})

test('the screen-capture setting shows what the core keeps, and a change is kept across a reload', async ({ app }) => {
  const { page, desk } = app
  // Under a heading that names it, not a catch-all "Settings" (issue 54).
  const setting = page
    .getByRole('region', { name: 'Screen capture' })
    .getByLabel('Hide this window from screenshots and screen sharing')
  // In Settings › Preferences since the settings split (issue 54).
  await openSection(page, 'Preferences')
  await expect(setting).toBeEnabled()
  await expect(setting).not.toBeChecked()
  await setting.click()
  await expect(setting).toBeChecked()
  expect(await desk.router.call('settings.get', {})).toEqual({ hideFromScreenCapture: true })
  await page.reload()
  await openSection(page, 'Preferences')
  await expect(setting).toBeChecked()
  await setting.click()
  await expect(setting).not.toBeChecked()
  expect(await desk.router.call('settings.get', {})).toEqual({ hideFromScreenCapture: false })
})
