import type { TransactionLeg } from '../../shared/api/resources'
import { consoleGet, consolePost, expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'
import { moreFilters } from '../harness/e2e-filters'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

type SimLeg = TransactionLeg & { workspace_id: string }

test("a note and a tag written in a movement's detail find it again by search and by the tag filter", async ({
  app,
  sim,
}) => {
  test.setTimeout(120_000)
  const { page } = app
  await onWallets(page)
  const [wallet] = await app.desk.router.call('wallets.list', {})
  await consolePost(sim.sandbox.url, '/transactions', { wallet_id: wallet!.id, generate: 40 })
  const legs = (await consoleGet<SimLeg[]>(sim.sandbox.url, '/transactions')).filter(
    (l) => l.workspace_id === 'ws-demo',
  )
  const leg = legs.find((l) => legs.filter((o) => o.id === l.id).length === 1)!
  await openSection(page, 'Transactions')
  await expect(page.getByTestId('ledger-status')).toContainText(`${legs.length.toLocaleString('en-US')} movements`, {
    timeout: 60_000,
  })

  const table = page.getByRole('table', { name: 'Transactions' })
  await page.getByLabel('Search').fill(leg.id)
  await expect(page.getByTestId('tx-count')).toHaveText('1 loaded (all)')
  await table.getByRole('row').nth(1).getByRole('cell').first().click()
  const detail = page.getByTestId('tx-detail')
  await expect(detail).toContainText('No note or tags.')

  // From the keyboard: the button opens the fields, a hidden character is refused by name, Enter saves.
  // Its name begins with the words it shows (axe's label-content-name-mismatch found "Add note or tags" named
  // "Edit the note and tags of the incoming leg").
  const edit = detail.getByRole('button', { name: /^Add note or tags of the (incoming|outgoing|internal) leg$/ })
  await expect(edit).toHaveText('Add note or tags')
  await edit.focus()
  await page.keyboard.press('Enter')
  const note = detail.getByLabel('Private note')
  await expect(note).toBeFocused()
  await note.fill('Acme invoice\u202e 42% _[x]')
  await expect(detail).toContainText('U+202E RIGHT-TO-LEFT OVERRIDE')
  await expect(detail.getByRole('button', { name: 'Save note and tags' })).toBeDisabled()
  await note.fill('Acme invoice 42% _[x]')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Payroll, q3')
  await snap(page, 'transaction-note-edit')
  await page.keyboard.press('Enter')
  await expect(detail.getByTestId('leg-note')).toContainText('Acme invoice 42% _[x]')
  await expect(detail.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['payroll', 'q3'])
  await snap(page, 'transaction-note')
  await page.keyboard.press('Escape')
  await expect(detail).toBeHidden()

  // The search takes the note's words as plain text; the tag filter narrows to the tag.
  await page.getByLabel('Search').fill('42% _[x]')
  await expect(page.getByTestId('tx-count')).toHaveText('1 loaded (all)')
  await expect(table.getByRole('row').nth(1)).toContainText(leg.amount)
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await moreFilters(page)
  await page.getByLabel('Tag', { exact: true }).fill('PAYROLL')
  await expect(page.getByTestId('tx-count')).toHaveText('1 loaded (all)')
  await page.getByLabel('Tag', { exact: true }).fill('pay roll')
  await expect(page.getByText('tag "pay roll" may hold only letters a-z, digits, - and _')).toBeVisible()
})
