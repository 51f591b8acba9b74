import type { Page } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { payableBody, SUPPLIER_ADDRESS, verifiedSupplier } from '../harness/e2e-destinations'
import { chooseDestination } from '../harness/destination-picker'
import { checkA11y, consolePost, expect, onWallets, openSection, test } from '../harness/e2e-fixtures'
import { layoutProblems } from '../harness/layout-check'

test.use({ seed: 'simulator' })

test('an altered withdrawal raises the alarm on every screen, stops new payouts naming it, and Acknowledge clears it', async ({
  app,
  sim,
}) => {
  const { page, desk } = app
  await onWallets(page)
  await verifiedSupplier(desk, sim.sandbox.url)
  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia'),
  )!
  const body = {
    wallet_id: wallet.id,
    asset: 'USDC',
    network: 'ethereum-sepolia',
    amount: '1.5',
    destination: SUPPLIER_ADDRESS,
    fee_priority: 'low' as const,
  }
  const { withdrawal } = await desk.router.call('payouts.request', body)
  await consolePost(sim.sandbox.url, `/withdrawals/${withdrawal!.id}/alter`, { amount: '9' })
  // Approved as altered: the poller announces the status change, and the desk compares what it read back.
  await consolePost(sim.sandbox.url, `/withdrawals/${withdrawal!.id}/approve`)

  const alarm = page.getByTestId('alteration-alarm')
  await expect(alarm).toContainText(
    `payout ${withdrawal!.id} otherwise than it was asked: amount asked 1.5, recorded 9`,
  )
  await expect(desk.router.call('payouts.request', body)).rejects.toThrow(new RegExp(withdrawal!.id))

  await alarm.getByRole('button', { name: 'Acknowledge…' }).click()
  await expect(alarm).toContainText('cancel the withdrawal in the provider console first')
  await alarm.getByRole('button', { name: 'Acknowledge', exact: true }).click()
  await expect(alarm).toHaveCount(0)
})

/** Text at a field's limit without a space to break at. */
const long = (stem: string, length: number) => stem.repeat(Math.ceil(length / stem.length)).slice(0, length)
const COMPANY = long('AcmeSuppliesGmbH', 120)
const LABEL = long('AcmeNewBankAccount', 120)
const SDN = join(import.meta.dirname, '../fixtures/screening/sdn-small.xml')
const randomAddress = () => '0x' + randomBytes(20).toString('hex')

async function holdsAt1280(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 })
  const found = await layoutProblems(page)
  expect(found.sideways.concat(found.offscreen, found.squeezed)).toEqual([])
}

test('an altered withdrawal is a red row in Payouts: the fields that differ, Cancel withdrawal, Acknowledge', async ({
  app,
  sim,
}) => {
  const { page, desk } = app
  await onWallets(page)
  await verifiedSupplier(desk, sim.sandbox.url)
  const body = await payableBody(desk, '1.5')
  const { withdrawal } = await desk.router.call('payouts.request', { ...body, destination: SUPPLIER_ADDRESS })
  await consolePost(sim.sandbox.url, `/withdrawals/${withdrawal!.id}/alter`, { amount: '9' })
  // The Payouts list reads it back, and the desk compares it with what it asked: no status moved.
  await openSection(page, 'Payouts')
  const row = page.getByTestId('altered-payout-row')
  await expect(row).toContainText('Amount: asked 1.5, recorded 9')
  await expect(page.locator('tr.altered')).toHaveCount(2)
  await holdsAt1280(page)
  await checkA11y(page)

  // Keyboard only: the row's Cancel withdrawal opens a confirmation; the provider withdraws the payout.
  await row.getByRole('button', { name: 'Cancel withdrawal' }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Cancel withdrawal' }).focus()
  await page.keyboard.press('Enter')
  await expect
    .poll(async () => (await desk.router.call('withdrawals.get', { withdrawalId: withdrawal!.id })).withdrawal.status)
    .toBe('cancelled')

  await row.getByRole('button', { name: 'Acknowledge', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(row).toHaveCount(0)
  await expect(page.getByTestId('alteration-alarm')).toHaveCount(0)
})

test("a payee's new address shows its state on the destination, and the confirmation form records it", async ({
  app,
}) => {
  const { page, desk } = app
  await onWallets(page)
  const company = (address: string, label: string) =>
    desk.router.call('counterparties.create', {
      network: 'ethereum-sepolia',
      address,
      counterparty_type: 'company',
      company_name: COMPANY,
      wallet_type: 'unhosted',
      country: 'DE',
      label,
    })
  await company(randomAddress(), 'Acme')
  await company(randomAddress(), LABEL)
  await openSection(page, 'Destinations')
  await page.getByRole('button', { name: LABEL }).click()
  const panel = page.getByTestId('payee-change')
  await expect(panel.getByTestId('payee-change-state')).toHaveText(
    new RegExp(`^new address for ${COMPANY}, added less than an hour ago, not yet confirmed`),
  )
  await holdsAt1280(page)
  await checkA11y(page)

  const form = panel.getByRole('form', { name: 'Record how the change was confirmed' })
  await form.getByLabel('Confirmed by').fill('Dana Ruiz')
  await form.getByLabel('Channel').selectOption('video')
  await form.getByLabel('Note').fill('Video call with the finance lead we know')
  await form.getByLabel('Note').press('Tab')
  await page.keyboard.press('Enter')
  await expect(panel.getByTestId('payee-change-state')).toHaveText(
    new RegExp(`^new address for ${COMPANY}, added less than an hour ago, confirmed, waiting until `),
  )
  await expect(panel).toContainText('Confirmed by Dana Ruiz (video)')
})

test('the profile page imports a screening list from a file, shows its age and stale flag, and sets the wait', async ({
  app,
  sim,
}) => {
  const { page, desk } = app
  await onWallets(page)
  await openSection(page, 'Safety')
  const screening = page.getByTestId('screening-panel')
  await screening.getByLabel('List file (sdn.xml or CSV)').setInputFiles(SDN)
  await screening.getByLabel('List name').fill('OFAC SDN')
  await screening.getByRole('button', { name: 'Import list' }).click()
  await expect(screening.getByRole('status')).toHaveText(
    'Imported 3 address(es), published 11/20/2026. No destination of the book is listed. No waiting payout goes ' +
      'to a listed address.',
  )
  const list = screening.getByTestId('screening-list')
  await expect(list).toContainText('OFAC SDN')
  await expect(list).toContainText('11/20/2026')
  await expect(list).toContainText('stale')

  const wait = page.getByTestId('payee-change-wait')
  await wait.getByLabel('Wait (hours)').fill('48')
  await wait.getByLabel('Wait (hours)').press('Enter')
  await expect(wait).toContainText('Now: 48 h.')
  expect(await desk.router.call('payees.changeWait', {})).toEqual({ hours: 48 })
  await holdsAt1280(page)
  await checkA11y(page)

  // The stale list is warned about before a send (not a block): in the payout review.
  await verifiedSupplier(desk, sim.sandbox.url)
  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia'),
  )!
  await openSection(page, 'Payouts')
  await page.getByRole('button', { name: 'New payout' }).click()
  const form = page.getByRole('form', { name: 'New payout' })
  await form.getByLabel('From wallet').selectOption({ label: wallet.name })
  await form.getByLabel('Asset').selectOption('USDC')
  const network = form.getByLabel('Network')
  if (await network.isVisible()) await network.selectOption('ethereum-sepolia')
  await form.getByLabel(/^Amount/).fill('1')
  await chooseDestination(form, `Supplier · ${SUPPLIER_ADDRESS}`)
  await form.getByRole('button', { name: 'Review' }).click()
  const review = page.getByRole('region', { name: 'Review payout' })
  await expect(review.getByTestId('stale-screening')).toHaveText(
    /^The newest screening list is \d+ days old \(older than 7 days\).*sending is not blocked\.$/,
  )
})
