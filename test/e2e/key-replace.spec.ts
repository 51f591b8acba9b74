import { openProductionProfile } from '../harness/e2e-production'
import { expect, openSection, test } from '../harness/e2e-fixtures'

test('a Key ID in use is replaced only when confirmed and tested; a production key is deleted only with its name typed', async ({
  app,
  sim,
}) => {
  const { page, desk } = app
  await openProductionProfile(desk, sim)
  await page.reload()
  await openSection(page, 'Keys & profiles')
  const keyId = (await desk.router.call('profiles.current', {}))!.keyId!

  await page.getByRole('textbox', { name: 'Key ID', exact: true }).fill('key_mistyped')
  await page.getByRole('button', { name: 'Save Key ID' }).click()
  const replace = page.getByRole('dialog', { name: 'Replace the Key ID in use?' })
  await expect(replace).toContainText(`This profile signs with the Key ID ${keyId}.`)
  await replace.getByRole('button', { name: 'Test and replace' }).click()
  await expect(replace).toContainText(
    `The Key ID key_mistyped did not pass the connection test, so ${keyId} stays in use.`,
  )
  await replace.getByRole('button', { name: 'Keep as is' }).click()
  expect((await desk.router.call('profiles.current', {}))!.keyId).toBe(keyId)

  await page.getByRole('button', { name: 'Delete key' }).click()
  const del = page.getByRole('dialog', { name: 'Delete this key?' })
  await expect(del.getByRole('button', { name: 'Delete key' })).toBeDisabled()
  await del.getByLabel("Type the profile's name to delete its production key").fill('Live')
  await expect(del.getByRole('button', { name: 'Delete key' })).toBeDisabled()
  await del.getByLabel("Type the profile's name to delete its production key").fill('Live treasury')
  await del.getByRole('button', { name: 'Delete key' }).click()
  await expect(page.getByRole('button', { name: 'Generate key' })).toBeVisible()
})
