import { readFile } from 'node:fs/promises'
import { recordedElsewhere, SUPPLIER_ADDRESS } from '../harness/e2e-destinations'
import { consolePost, expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

const SPOOFED = 'Maria K \u202Eevil\u202C contractor'
/** What every surface shows: the override and its end as their codes, never "Maria K live contractor". */
const SHOWN = 'Maria K [U+202E]evil[U+202C] contractor'

const RECORD_NOTIFICATIONS = `(() => {
  const shown = []
  window.__notifications = shown
  window.Notification = class {
    static permission = 'granted'
    static requestPermission() { return Promise.resolve('granted') }
    constructor(title, options) { this.body = options?.body; this.onclick = null; shown.push(this) }
    close() {}
  }
})()`

test('a bidi label recorded at the provider reads safely in every notice, the batch review and its results; the form refuses it', async ({
  app,
  sim,
}) => {
  // Several screens, two provider round trips and a batch on a machine shared with other runs.
  test.setTimeout(180_000)
  const { page, desk } = app
  await page.addInitScript(RECORD_NOTIFICATIONS)
  await page.reload()
  await onWallets(page)
  const destination = await recordedElsewhere(sim.sandbox.url, { label: SPOOFED })

  // Entry: the form names the character and sends nothing.
  await openSection(page, 'Destinations')
  await page.getByRole('button', { name: 'New destination' }).click()
  const form = page.getByRole('form', { name: 'New destination' })
  await form.getByLabel('Network').selectOption('ethereum-sepolia')
  await form.getByLabel('Address').fill(SUPPLIER_ADDRESS)
  await form.getByLabel('Company name').fill('Maria K Contracting')
  await form.getByLabel('Wallet type').selectOption('unhosted')
  await form.getByLabel('Country').selectOption('DE')
  await form.getByLabel('Label (optional)').fill(SPOOFED)
  await form.getByRole('button', { name: 'Register destination' }).click()
  await expect(
    form.getByText(/Contains U\+202E RIGHT-TO-LEFT OVERRIDE, U\+202C POP DIRECTIONAL FORMATTING/),
  ).toBeVisible()
  await snap(page, 'untrusted-text-form-refused')

  // The same address with a plain label: the provider answers with the entry it holds, and the outcome names it safely.
  await form.getByLabel('Label (optional)').fill('Maria')
  await form.getByRole('button', { name: 'Register destination' }).click()
  const outcome = page.getByTestId('destination-outcome')
  await expect(outcome).toContainText(`already in the book as “${SHOWN}”`)
  await snap(page, 'untrusted-text-registered')

  // "… is verified": the watch sees it become usable.
  await consolePost(sim.sandbox.url, `/counterparties/${destination.id}/verify`)
  const notices = page.getByTestId('notices')
  await expect(notices).toContainText(`“${SHOWN}” is verified and can receive payouts.`, { timeout: 30_000 })
  await snap(page, 'untrusted-text-verified')

  // "Payout … completed".
  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia'),
  )!
  const { withdrawal } = await desk.router.call('payouts.request', {
    wallet_id: wallet.id,
    asset: 'USDC',
    network: 'ethereum-sepolia',
    amount: '2.5',
    destination: SUPPLIER_ADDRESS,
  })
  await openSection(page, 'Payouts')
  await expect(page.getByTestId('payout-row').first()).toBeVisible()
  for (const step of ['approve', 'process', 'complete'])
    await consolePost(sim.sandbox.url, `/withdrawals/${withdrawal!.id}/${step}`)
  // Several notices fold into the newest and "Show all" (issue 54): a reminder may arrive after the completion.
  const showAll = notices.getByRole('button', { name: /^Show all/ })
  await expect(async () => {
    if (await showAll.isVisible()) await showAll.click()
    await expect(notices).toContainText(`Payout of 2.5 USDC to ${SHOWN} completed.`, { timeout: 1_000 })
  }).toPass({ timeout: 30_000 })
  await snap(page, 'untrusted-text-completed')
  const bodies = await page.evaluate<string[]>('window.__notifications.map((n) => n.body)')
  expect(bodies).toEqual(
    expect.arrayContaining([
      `“${SHOWN}” is verified and can receive payouts.`,
      `Payout of 2.5 USDC to ${SHOWN} completed.`,
    ]),
  )
  expect(bodies.join('')).not.toMatch(/[\u202A-\u202E]/)

  // The batch review line at the moment of sending, and the results table.
  await page.getByRole('button', { name: 'Batch from CSV' }).click()
  const csv = [
    'destination,amount,asset,network,wallet,reference',
    `${SUPPLIER_ADDRESS},0.01,USDC,ethereum-sepolia,${wallet.name},inv-1`,
  ].join('\n')
  await page
    .getByTestId('batch-screen')
    .getByLabel('CSV file')
    .setInputFiles({ name: 'pay.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  const review = page.getByTestId('batch-review')
  await expect(review).toContainText('1 of 1 rows ready to pay')
  await expect(review.getByRole('heading', { name: 'To 1 destination' })).toBeVisible()
  await expect(review.getByTestId('batch-destination-row').locator('bdi')).toHaveText(SHOWN)
  await snap(page, 'untrusted-text-batch-review')
  await review.getByRole('button', { name: 'Record and send 1 payouts' }).click()
  await expect(page.getByTestId('batch-counts')).toContainText('finished', { timeout: 30_000 })
  await expect(page.getByTestId('batch-row').first()).toContainText(SHOWN)
  await snap(page, 'untrusted-text-batch-results')

  // The results CSV: the visible form, next to the formula guard.
  await page.getByRole('button', { name: 'Export results (CSV)' }).click()
  const saved = /Saved 1 rows to (.+)\.$/.exec((await page.getByText(/^Saved 1 rows to/).textContent()) ?? '')![1]!
  const lines = (await readFile(saved, 'utf8')).split('\r\n')
  expect(lines[1]).toContain(`,inv-1,${SHOWN},0.01,USDC,`)

  const text = await page.locator('body').innerText()
  expect(text).not.toContain('\u202E')
})
