import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { extractText } from 'unpdf'
import { consolePost, expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'
import { confirmNewDestination } from '../harness/e2e-first-payout'
import { chooseDestination } from '../harness/destination-picker'
import { moreFilters } from '../harness/e2e-filters'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

const ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'

test('search finds a payout by its fields; a note and a reference are kept; a completed payout prints a receipt holding its tx hash', async ({
  app,
  sim,
}) => {
  const { page, desk } = app
  await onWallets(page)
  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia'),
  )!
  const { counterparty } = await desk.router.call('counterparties.create', {
    network: 'ethereum-sepolia',
    address: ADDRESS,
    counterparty_type: 'company',
    company_name: 'Zebulon Freight GmbH',
    wallet_type: 'unhosted',
    country: 'DE',
    label: 'Zebulon',
  })
  await consolePost(sim.sandbox.url, `/counterparties/${counterparty.id}/verify`)

  await openSection(page, 'Payouts')
  await page.getByRole('button', { name: 'New payout' }).click()
  const form = page.getByRole('form', { name: 'New payout' })
  await form.getByLabel('From wallet').selectOption({ label: wallet.name })
  await form.getByLabel('Asset').selectOption('USDC')
  const network = form.getByLabel('Network')
  if (await network.isVisible()) await network.selectOption('ethereum-sepolia')
  await form.getByLabel(/^Amount/).fill('7.77')
  await chooseDestination(form, `Zebulon · ${ADDRESS}`)
  await form.getByLabel('Reference (optional)').fill('x'.repeat(141))
  await form.getByRole('button', { name: 'Review' }).click()
  await expect(form.getByText('A reference is at most 140 characters')).toBeVisible()
  await form.getByLabel('Reference (optional)').fill('PO-7781 50%_off')
  await form.getByRole('button', { name: 'Review' }).click()
  await expect(page.getByTestId('review-reference')).toContainText('PO-7781 50%_off')
  await confirmNewDestination(page.getByRole('region', { name: 'Review payout' }))
  await page.getByRole('button', { name: 'Request payout' }).click()
  await expect(page.getByTestId('payout-outcome')).toContainText('Requested — waiting for approval in the console.')

  const entry = (await desk.router.call('payouts.outbox', {})).find((e) => e.reference === 'PO-7781 50%_off')!
  const id = entry.withdrawalId!
  for (const step of ['approve', 'process', 'complete'])
    await consolePost(sim.sandbox.url, `/withdrawals/${id}/${step}`)
  const txHash = (await desk.router.call('withdrawals.get', { withdrawalId: id })).withdrawal.tx_hash!
  await page.getByRole('button', { name: 'Open history' }).click()

  const box = page.getByLabel('Search payouts')
  const rows = page.getByTestId('search-row')
  for (const text of [
    id,
    entry.idempotencyKey,
    'zebulon',
    ADDRESS.toLowerCase(),
    'po-7781',
    '50%_off',
    '7.77',
    txHash.slice(0, 20),
  ]) {
    await box.fill(text)
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(rows, text).toHaveCount(1)
    await expect(rows.first()).toContainText('PO-7781 50%_off')
  }
  await box.fill('%')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(rows).toHaveCount(1)
  await snap(page, 'payout-search')
  const today = new Date().toISOString().slice(0, 10)
  await box.fill('zebulon')
  await moreFilters(page, 'Filter payouts')
  await page.getByLabel('To', { exact: true }).fill('2020-01-01')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('heading', { name: 'No payout matches the search' })).toBeVisible()
  await page.getByLabel('From', { exact: true }).fill(today)
  await page.getByLabel('To', { exact: true }).fill(today)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(rows).toHaveCount(1)

  await rows.first().getByRole('button').first().click()
  await expect(page.getByRole('heading', { name: 'Payout', level: 1 })).toBeVisible()
  const note = page.getByRole('region', { name: 'Note' })
  await note.getByRole('button', { name: 'Add note' }).click()
  await note.getByLabel('Private note').fill('bad\u202Etext')
  await expect(note.getByText(/U\+202E RIGHT-TO-LEFT OVERRIDE/)).toBeVisible()
  await note.getByLabel('Private note').fill('Confirmed with Dana by phone')
  await note.getByRole('button', { name: 'Save note' }).click()
  await expect(note.getByTestId('payout-note')).toHaveText('Confirmed with Dana by phone')
  expect(await desk.router.call('payouts.search', { text: 'dana by phone' })).toMatchObject([{ payoutId: id }])

  await page.getByRole('button', { name: 'Receipt' }).click()
  const receipt = page.getByRole('region', { name: 'Receipt' })
  await expect(receipt.getByTestId('receipt-hash')).toContainText(txHash)
  await expect(receipt.getByRole('img', { name: /QR code of the explorer link/ })).toBeVisible()
  await expect(receipt.getByRole('button', { name: 'Print / Save PDF' })).toBeEnabled()
  await snap(page, 'payout-receipt')
  // What the browser's print makes of the receipt (the demo's Save as PDF).
  const file = join(app.desk.dataDir, 'receipt.pdf')
  await page.pdf({ path: file, format: 'A4' })
  const { text } = await extractText(new Uint8Array(await readFile(file)), { mergePages: true })
  expect(text.replace(/\s+/g, '')).toContain(txHash)
  expect(text).toContain('Payout receipt')
  expect(text).not.toContain('New payout')
})
