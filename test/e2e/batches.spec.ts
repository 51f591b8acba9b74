import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import type { BatchCheck } from '../../electron/core/batch/batch-check'
import { submitBatch } from '../../electron/core/batch/batch-submit'
import { Outbox } from '../../electron/core/payouts/outbox'
import { profileDir } from '../../electron/core/profiles'
import { DeskStore } from '../../electron/core/store'
import { shown } from '../../shared/text/visible-text'
import { recordedElsewhere, SUPPLIER_ADDRESS, verifiedSupplier } from '../harness/e2e-destinations'
import { expect, openSection, onWallets, snap, test, type TestDesk } from '../harness/e2e-fixtures'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

/** A right-to-left name with Latin around it: the bidi algorithm must not move it into its neighbours' cells. */
const NAME = 'ספק Supplier 7'

async function openBatches(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /^Batches/ })
    .click()
  await expect(page.getByRole('heading', { name: 'Batches', level: 1 })).toBeVisible()
}

/** A wallet of the demo workspace holding USDC on Ethereum Sepolia, by name. */
async function usdcWallet(desk: TestDesk): Promise<string> {
  const wallets = await desk.router.call('wallets.list', {})
  return wallets.find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia' && Number(b.available) > 1),
  )!.name
}

/** A batch another process recorded in the profile's store (the CLI or the connector write the same file). */
async function recordElsewhere(desk: TestDesk, walletId: string): Promise<string> {
  const profileId = (await desk.router.call('profiles.current', {}))!.id
  const store = DeskStore.open(profileDir(desk.dataDir, profileId), 'cli')
  const body = {
    wallet_id: walletId,
    asset: 'USDC',
    amount: '0.01',
    destination: SUPPLIER_ADDRESS,
    network: 'ethereum-sepolia',
  }
  const check: BatchCheck = {
    rows: [2, 3].map((line) => ({ line, body, reference: `cli-${line}`, destinationName: NAME, walletName: 'Main' })),
    problems: [],
    totals: [],
    grandTotal: '0.02',
    lineCount: 2,
  }
  try {
    const batch = await submitBatch(store, Outbox.open(store), check, {
      source: 'from-cli.csv',
      requestedBy: 'cli',
      confirmDuplicates: true,
      retypedTotal: null,
      production: false,
    })
    return batch.id
  } finally {
    store.close()
  }
}

test('batches are kept: reviewed as a table with never-paid destinations confirmed, listed with progress, found again after a reload, results exported', async ({
  app,
  sim,
}) => {
  const { page, desk } = app
  await onWallets(page)
  await verifiedSupplier(desk, sim.sandbox.url, { label: NAME })
  // Another client put a look-alike of it in the book: same first and last 4 characters, another address.
  await recordedElsewhere(sim.sandbox.url, { label: 'Supp1ier', address: `0x5290${'1'.repeat(32)}9ee7` })
  const wallet = await usdcWallet(desk)
  const csv = [
    'destination;amount;asset;network;wallet;reference',
    ...['0.01', '0.02', '0.03'].map((a, i) => `${NAME};${a};USDC;ethereum-sepolia;${wallet};inv-${i + 1}`),
  ]

  await openSection(page, 'Payouts')
  await page.getByRole('button', { name: 'Batch from CSV' }).click()
  await page
    .getByTestId('batch-screen')
    .getByLabel('CSV file')
    .setInputFiles({ name: 'pay.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.join('\n')) })
  const review = page.getByTestId('batch-review')
  await expect(review).toContainText('3 of 3 rows ready to pay')
  // One row a line, the name alone in its cell, never a comma-joined paragraph.
  const rows = review.getByTestId('batch-destination-row')
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(1).locator('td').nth(0)).toHaveText('3')
  await expect(rows.nth(1).locator('td').nth(1)).toHaveText(shown(NAME))
  await expect(rows.nth(1).locator('td').nth(1).locator('bdi')).toHaveText(shown(NAME))
  await expect(rows.nth(1).locator('td').nth(5)).toHaveText('new payee')
  await expect(rows.nth(1).getByTestId('batch-lookalike')).toHaveText('looks like Supp1ier')
  // The row shows the address by its ends; both whole addresses are compared side by side below the rows.
  const pair = review.getByRole('table', { name: 'Look-alikes to compare' }).getByTestId('batch-lookalike-pair')
  await expect(pair.first()).toContainText('0x52901111')
  await expect(review.getByRole('heading', { name: 'To 1 destination, 1 never paid before' })).toBeVisible()
  // A section of its own, set apart from the totals above it: the heading never reads as their last row (issue 54).
  const payees = review.getByRole('region', { name: 'To 1 destination, 1 never paid before' })
  await expect(payees.getByRole('table', { name: 'Rows to pay' })).toBeVisible()
  const totalsEnd = await review
    .getByRole('table', { name: 'Totals' })
    .evaluate((t) => t.getBoundingClientRect().bottom)
  const headingTop = await payees.getByRole('heading').evaluate((h) => h.getBoundingClientRect().top)
  expect(headingTop - totalsEnd, 'space above the heading').toBeGreaterThanOrEqual(16)

  // Never paid before: the same tick as the single payout's review.
  const send = review.getByRole('button', { name: 'Record and send 3 payouts' })
  await expect(send).toBeDisabled()
  await snap(page, 'batch-review-table')
  await review.getByLabel('I have checked this new destination with its recipient').check()
  await send.click()
  await expect(page.getByTestId('batch-counts')).toContainText('Sent 3 of 3: 3 accepted', { timeout: 30_000 })

  const otherId = await recordElsewhere(
    desk,
    (await desk.router.call('wallets.list', {})).find((w) => w.name === wallet)!.id,
  )

  // After a reload the list is read from the store again: both batches, each with its progress.
  await page.reload()
  await openBatches(page)
  const listed = page.getByTestId('batch-list-row')
  await expect(listed).toHaveCount(2)
  const mine = listed.filter({ hasText: 'pay.csv' })
  await expect(mine.getByTestId('batch-list-progress')).toContainText('Sent 3 of 3: 3 accepted, 0 refused')
  await expect(mine.getByTestId('batch-list-state')).toHaveText('finished')
  const other = listed.filter({ hasText: 'from-cli.csv' })
  await expect(other.getByTestId('batch-list-progress')).toContainText('Sent 0 of 2')

  // The other process's batch is paused and its rest cancelled from here, the cancel asked once more.
  await other.getByRole('button', { name: 'Pause' }).click()
  await expect(other.getByTestId('batch-list-state')).toHaveText('paused')
  await other.getByRole('button', { name: 'Cancel the 2 rows not yet sent' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancel the rest of this batch?' })
  await dialog.getByRole('button', { name: 'Discard the 2 rows not yet sent' }).click()
  await expect(other.getByTestId('batch-list-progress')).toContainText('2 discarded')
  await expect(other.getByTestId('batch-list-state')).toHaveText('cancelled')
  await snap(page, 'batches')
  expect((await desk.router.call('batch.status', { batchId: otherId })).progress).toMatchObject({
    intent: 'cancelled',
    discarded: 2,
    sent: 0,
  })

  // Its rows and results, exported through the CSV cell rule.
  await mine.getByRole('button', { name: 'pay.csv' }).click()
  await expect(page.getByRole('heading', { name: 'Batch', level: 1 })).toBeVisible()
  await expect(page.getByTestId('batch-row')).toHaveCount(3)
  await page.getByRole('button', { name: 'Export results (CSV)' }).click()
  const saved = /Saved 3 rows to (.+)\.$/.exec((await page.getByText(/^Saved 3 rows to/).textContent()) ?? '')![1]!
  const lines = (await readFile(saved, 'utf8')).split('\r\n')
  expect(lines[0]).toBe('line,reference,destination,amount,asset,idempotency_key,payout_id,status,error')
  expect(lines[1]).toMatch(
    new RegExp(`^2,inv-1,${shown(NAME)},0.01,USDC,[0-9a-f-]{36},[0-9a-f-]{36},pending_approval,$`),
  )

  // Escape goes back to the list.
  await page.keyboard.press('Escape')
  await expect(page.getByRole('heading', { name: 'Batches', level: 1 })).toBeVisible()
})
