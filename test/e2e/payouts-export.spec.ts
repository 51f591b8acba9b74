import { readFile } from 'node:fs/promises'
import { expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'
import { openExportMenu } from '../harness/e2e-filters'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

test('payouts export to CSV: the current filter, every page, names beside ids, progress reported', async ({ app }) => {
  const { page, desk } = app
  await onWallets(page)
  const progress: Array<{ rows: number; done: boolean }> = []
  const stop = desk.events.subscribe((event, payload) => {
    if (event === 'export.progress') progress.push(payload as { rows: number; done: boolean })
  })
  const wallets = await desk.router.call('wallets.list', {})
  const expected = (await desk.router.call('withdrawals.list', {})).filter((w) => w.status === 'pending_approval')
  expect(expected.length).toBeGreaterThan(0)

  await openSection(page, 'Payouts')
  await page.getByLabel('Status').selectOption('pending_approval')
  await openExportMenu(page)
  await page.getByRole('button', { name: 'Export payouts to CSV' }).click()
  const result = page.getByTestId('export-result')
  await expect(result).toContainText(`Exported ${expected.length} rows to `)
  await snap(page, 'payouts-export')
  stop()
  expect(progress.at(-1)).toEqual(expect.objectContaining({ rows: expected.length, done: true }))

  const path = (await result.textContent())!.replace(/^Exported \d+ rows to /, '').trim()
  const lines = (await readFile(path, 'utf8')).trimEnd().split('\r\n')
  expect(lines[0]).toBe(
    'id,created_at,updated_at,status,wallet_id,wallet_name,amount,asset,network,destination,destination_label,tx_hash,reference,note,invoice',
  )
  expect(
    lines
      .slice(1)
      .map((l) => l.split(',')[0])
      .sort(),
  ).toEqual(expected.map((w) => w.id).sort())
  for (const w of expected) {
    const line = lines.find((l) => l.startsWith(w.id))!
    const name = wallets.find((x) => x.id === w.wallet_id)!.name
    // The exact decimal, never a reformatted number.
    expect(line).toContain(`,${w.wallet_id},${name},${w.amount},${w.asset},`)
  }
})
