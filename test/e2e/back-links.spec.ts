import type { Page } from '@playwright/test'
import { submitBatch } from '../../electron/core/batch/batch-submit'
import { addRun } from '../../electron/core/pay-runs/run-book'
import { readRunLines } from '../../electron/core/pay-runs/run-lines'
import { Outbox } from '../../electron/core/payouts/outbox'
import { profileDir } from '../../electron/core/profiles'
import { DeskStore } from '../../electron/core/store'
import { SUPPLIER_ADDRESS, verifiedSupplier } from '../harness/e2e-destinations'
import { consolePost, expect, onWallets, openSection, test, type TestDesk } from '../harness/e2e-fixtures'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })
// A payout completed at the console, a batch and a pay run recorded, six screens visited.
test.slow()

/** What makes two back links look and behave alike: the element, its role, its classes and its box. */
interface BackLinkLook {
  name: string
  tag: string
  role: string | null
  className: string
  height: number
  fontSize: string
  color: string
  textDecoration: string
}

/** The one back link of the screen's header, read as a person meets it (by its role and the name "← …"). */
async function backLink(page: Page, to: string): Promise<BackLinkLook> {
  const heads = page.locator('.screen-head')
  const links = heads.getByRole('button', { name: /^← / }).or(heads.getByRole('link', { name: /^← / }))
  await expect(links).toHaveCount(1)
  await expect(links).toHaveAccessibleName(`← ${to}`)
  const look = await links.evaluate((e) => {
    const s = getComputedStyle(e)
    return {
      tag: e.tagName.toLowerCase(),
      role: e.getAttribute('role'),
      className: e.className,
      height: Math.round(e.getBoundingClientRect().height),
      fontSize: s.fontSize,
      color: s.color,
      textDecoration: s.textDecorationLine,
    }
  })
  return { name: to, ...look }
}

/** A batch of one row recorded by another process (the CLI), so the Batches list has one to open. */
async function recordBatch(desk: TestDesk, walletId: string, store: DeskStore): Promise<void> {
  const body = {
    wallet_id: walletId,
    asset: 'USDC',
    amount: '0.01',
    destination: SUPPLIER_ADDRESS,
    network: 'ethereum-sepolia',
  }
  await submitBatch(
    store,
    Outbox.open(store),
    {
      rows: [{ line: 2, body, reference: 'cli-2', destinationName: 'Supplier', walletName: 'Main' }],
      problems: [],
      totals: [],
      grandTotal: '0.01',
      lineCount: 1,
    },
    { source: 'from-cli.csv', requestedBy: 'cli', confirmDuplicates: true, retypedTotal: null, production: false },
  )
}

async function openNav(page: Page, name: RegExp): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name }).click()
}

test('every detail screen goes back by the same link: "← Section", one element and one look, Escape too (issue 54)', async ({
  app,
  sim,
}) => {
  const { page, desk } = app
  await onWallets(page)
  const supplier = await verifiedSupplier(desk, sim.sandbox.url)
  const wallet = (await desk.router.call('wallets.list', {})).find((w) =>
    w.balances.some((b) => b.asset === 'USDC' && b.network === 'ethereum-sepolia' && Number(b.available) > 2),
  )!
  const body = { wallet_id: wallet.id, asset: 'USDC', network: 'ethereum-sepolia', amount: '1.5' }
  const { withdrawal } = await desk.router.call('payouts.request', { ...body, destination: SUPPLIER_ADDRESS })
  for (const step of ['approve', 'process', 'complete'])
    await consolePost(sim.sandbox.url, `/withdrawals/${withdrawal!.id}/${step}`)
  const profile = (await desk.router.call('profiles.current', {}))!
  const store = DeskStore.open(profileDir(desk.dataDir, profile.id), 'cli')
  try {
    await recordBatch(desk, wallet.id, store)
    const lines = readRunLines(
      `destination,amount,asset,wallet,reference\n${supplier.id},1,USDC,${wallet.id},Contractor A\n`,
    )
    addRun(
      store,
      { name: 'Friday contractors', schedule: 'DTSTART:20261106T000000Z\nRRULE:FREQ=WEEKLY;BYDAY=FR', lines },
      'e2e',
    )
  } finally {
    store.close()
  }

  const looks: BackLinkLook[] = []
  await page.getByRole('table', { name: 'Wallets' }).getByRole('button', { name: wallet.name }).click()
  looks.push(await backLink(page, 'Wallets'))
  // The app's Escape closes what was opened last; on a detail screen that is the screen itself.
  await page.keyboard.press('Escape')
  await expect(page.getByRole('heading', { name: 'Wallets', level: 1 })).toBeVisible()

  await openSection(page, 'Destinations')
  await page
    .getByTestId('destination-row')
    .filter({ hasText: 'Supplier' })
    .getByRole('button', { name: 'Supplier' })
    .click()
  looks.push(await backLink(page, 'Destinations'))

  await openSection(page, 'Payouts')
  await page.getByLabel('Search payouts').fill(withdrawal!.id)
  await page.getByRole('button', { name: 'Search' }).click()
  await page.getByTestId('search-row').first().getByRole('button').first().click()
  looks.push(await backLink(page, 'Payouts'))
  await page.getByRole('button', { name: 'Receipt' }).click()
  looks.push(await backLink(page, 'Payout'))
  // Keyboard reachable: focused and pressed like any control, it goes back one step.
  await page.locator('.screen-head').getByRole('button', { name: '← Payout' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Payout', level: 1 })).toBeVisible()

  await openNav(page, /^Batches/)
  await page
    .getByTestId('batch-list-row')
    .filter({ hasText: 'from-cli.csv' })
    .getByRole('button', { name: 'from-cli.csv', exact: true })
    .click()
  looks.push(await backLink(page, 'Batches'))

  await openNav(page, /^Pay runs/)
  await page.getByRole('table', { name: 'Pay runs' }).getByRole('button', { name: 'Friday contractors' }).click()
  looks.push(await backLink(page, 'Pay runs'))
  await page.keyboard.press('Escape')
  await expect(page.getByRole('heading', { name: 'Pay runs', level: 1 })).toBeVisible()

  // One look: every link compared with the first, named by where it goes.
  const first = looks[0]!
  for (const other of looks.slice(1))
    expect({ ...other, name: first.name }, `the back link to ${other.name}`).toEqual(first)
  expect(first.className).toMatch(/\bback-link\b/)
})
