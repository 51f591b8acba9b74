import { addRun } from '../../electron/core/pay-runs/run-book'
import { readRunLines } from '../../electron/core/pay-runs/run-lines'
import { profileDir } from '../../electron/core/profiles'
import { DeskStore } from '../../electron/core/store'
import { checkA11y, expect, quickStart, snap, test } from '../harness/e2e-fixtures'

test('pay runs: the list with the next due period, a period previewed with its lines and the funds check', async ({
  app,
}) => {
  const { page, desk } = app
  await quickStart(page)
  const profile = (await desk.router.call('profiles.current', {}))!
  const book = (await desk.router.call('counterparties.list', {})).filter((c) => c.can_send)
  const wallets = await desk.router.call('wallets.list', {})
  const target = book[0]!
  const wallet = wallets.find((w) => w.balances.some((b) => b.network === target.network && Number(b.available) > 1))!
  const asset = wallet.balances.find((b) => b.network === target.network && Number(b.available) > 1)!.asset
  const store = DeskStore.open(profileDir(desk.dataDir, profile.id), 'cli')
  const lines = readRunLines(
    `destination,amount,asset,wallet,reference\n${target.id},1,${asset},${wallet.id},Contractor A\n`,
  )
  addRun(
    store,
    { name: 'Friday contractors', schedule: 'DTSTART:20261106T000000Z\nRRULE:FREQ=WEEKLY;BYDAY=FR', lines },
    'e2e',
  )
  store.close()

  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /^Pay runs/ })
    .click()
  await expect(page.getByRole('heading', { name: 'Pay runs', level: 1 })).toBeVisible()
  const runs = page.getByRole('table', { name: 'Pay runs' })
  await expect(runs.getByRole('row')).toHaveCount(2)
  await expect(runs).toContainText('2026-11-06')
  await snap(page, 'pay-runs-list')
  await checkA11y(page)

  await runs.getByRole('button', { name: 'Friday contractors' }).click()
  await expect(page.getByRole('heading', { name: 'Friday contractors', level: 1 })).toBeVisible()
  await expect(page.getByText('Period 2026-11-06; compared with nothing (no period sent yet).')).toBeVisible()
  await expect(page.getByRole('table', { name: 'Lines of the period' })).toContainText('Contractor A')
  await expect(page.getByRole('table', { name: 'Funds check' })).toContainText('Enough')
  // A line's amount is money like the funds check's (UI font, asset in its slot), under a heading of its own.
  await expect(page.getByRole('heading', { name: 'Lines', level: 2 })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Lines of the period' }).locator('td.num .money')).toHaveAttribute(
    'data-value',
    '1',
  )
  await snap(page, 'pay-run-preview')
  await checkA11y(page)

  // Each period takes its own invoice: recorded for the period shown, before it is sent.
  const invoice = page.getByRole('region', { name: 'Invoice for this period' })
  await invoice.getByLabel('Invoice number').fill('INV-E2E-1')
  await invoice.getByRole('button', { name: 'Record invoice' }).click()
  await expect(page.getByRole('table', { name: 'Lines of the period' })).toContainText('INV-E2E-1')

  const send = page.getByRole('region', { name: 'Send the period' })
  // The period asks the batch review's own acknowledgement (one component), and Send waits for it.
  await expect(send.getByTestId('batch-first-payouts')).toContainText('Never paid before:')
  await expect(send.getByRole('button', { name: 'Send' })).toBeDisabled()
  await send.getByLabel('I have checked this new destination with its recipient').check()
  await send.getByRole('button', { name: 'Send' }).click()
  const sent = page.getByRole('region', { name: 'Period sent' })
  await expect(sent.getByRole('heading', { name: 'Period 2026-11-06 recorded and sent' })).toBeVisible()
  await expect(sent.getByRole('table', { name: 'Sent lines' })).toContainText('Contractor A')
  await expect(sent.getByRole('table', { name: 'Sent lines' }).locator('td.num .money')).toHaveAttribute(
    'data-value',
    '1',
  )
  await checkA11y(page)
  await page.getByRole('button', { name: '← Pay runs' }).click()
  await runs.getByRole('button', { name: 'Friday contractors' }).click()
  await expect(page.getByText('Period 2026-11-13; compared with the period sent 2026-11-06.')).toBeVisible()
})
