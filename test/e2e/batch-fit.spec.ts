import type { Locator, Page } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import { recordedElsewhere } from '../harness/e2e-destinations'
import { consolePost, expect, onWallets, openSection, snap, test } from '../harness/e2e-fixtures'
import { layoutProblems, textProblems } from '../harness/layout-check'
import { atLimit, SCRIPTS, WALLET_NAME } from '../harness/team-week-seed'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })
// Six destinations written (five verified) at the provider before the review: more than the default minute when busy.
test.slow()

const WINDOW = { width: 1280, height: 860 }
const header = 'destination;amount;asset;network;wallet;reference'

/** An address with one middle character changed: the same ends, another address (what poisoning makes). */
const lookalikeOf = (address: string) => `${address.slice(0, 21)}${address[21] === '1' ? '2' : '1'}${address.slice(22)}`

/**
 * A wallet named at its limit and five verified destinations labelled at their limit in five scripts; the first has a
 * look-alike in the book (labelled at the limit, mixing directions). Returns the CSV of a row to each destination, a
 * row repeated (to confirm) and a row with a decimal comma (to fix).
 */
async function seed(url: string): Promise<string> {
  const wallet = (await consolePost(url, '/wallets', {
    workspace_id: 'ws-demo',
    name: WALLET_NAME,
    balances: [
      { asset: 'USDC', network: 'ethereum-sepolia', amount: '90000', available: '90000', decimals: 6, usd_price: 1 },
    ],
  })) as { id: string }
  const stems = [SCRIPTS.tight, SCRIPTS.arabic, SCRIPTS.cjk, SCRIPTS.hebrew, SCRIPTS.emoji]
  const book = []
  for (const [i, stem] of stems.entries()) {
    const made = await recordedElsewhere(url, {
      label: atLimit(stem, 120),
      // One payee per destination: a payee's second address would be a payee change, which waits to be confirmed.
      company: atLimit(`${i} ${SCRIPTS.latin}`, 120),
      address: `0x${randomBytes(20).toString('hex')}`,
    })
    await consolePost(url, `/counterparties/${made.id}/verify`)
    book.push(made)
    if (i === 0)
      await recordedElsewhere(url, {
        label: atLimit(SCRIPTS.mixed, 120),
        company: atLimit(`look-alike ${SCRIPTS.latin}`, 120),
        address: lookalikeOf(made.address),
      })
  }
  const row = (id: string, amount: string) => [id, amount, 'USDC', 'ethereum-sepolia', wallet.id, 'inv'].join(';')
  return [
    header,
    ...book.map((d, i) => row(d.id, `${1000 + i}.5`)),
    row(book[0]!.id, '1000.5'),
    row(book[1]!.id, '1,5'),
  ].join('\n')
}

/** Every element of `root` whose right edge passes the window's, or whose box passes its table cell's. */
async function overflowing(root: Locator): Promise<string[]> {
  return root.evaluate((el) => {
    const out: string[] = []
    const name = (e: Element) =>
      `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} "${(e.textContent ?? '').slice(0, 30)}"`
    const clippedWithin = (e: Element, stop: Element) => {
      for (let p = e.parentElement; p && p !== stop; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX
        if (o === 'hidden' || o === 'clip') return true
      }
      return false
    }
    const vw = document.documentElement.clientWidth
    for (const e of el.querySelectorAll('*')) {
      const r = e.getBoundingClientRect()
      if (r.width === 0 || e.closest('.sr-only')) continue
      if (r.right > vw + 1 && !clippedWithin(e, el)) out.push(`${name(e)}: right ${Math.round(r.right)} > window ${vw}`)
      const cell = e.parentElement?.closest('td, th')
      if (!cell || clippedWithin(e, cell)) continue
      const c = cell.getBoundingClientRect()
      if (r.right > c.right + 1 || r.left < c.left - 1)
        out.push(
          `${name(e)}: ${Math.round(r.left)}–${Math.round(r.right)} outside its cell ${Math.round(c.left)}–${Math.round(c.right)}`,
        )
    }
    return out
  })
}

async function openReview(page: Page, csv: string): Promise<Locator> {
  await openSection(page, 'Payouts')
  await page.getByRole('button', { name: 'Batch from CSV' }).click()
  await page
    .getByTestId('batch-screen')
    .getByLabel('CSV file')
    .setInputFiles({ name: 'limits.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  const review = page.getByTestId('batch-review')
  await expect(review).toContainText('6 of 7 rows ready to pay; 1 problem to fix first')
  return review
}

test('the batch review at 1280×860 with names at their limit: nothing passes the window or its cell (issue 54)', async ({
  app,
  sim,
}) => {
  const { page } = app
  await page.setViewportSize(WINDOW)
  await onWallets(page)
  const review = await openReview(page, await seed(sim.sandbox.url))
  await expect(review.getByTestId('batch-lookalike')).toHaveCount(2)
  expect(await overflowing(review)).toEqual([])
  expect
    .soft(await layoutProblems(page))
    .toEqual({ sideways: [], cutWithoutTitle: [], squeezed: [], offscreen: [], topBarWraps: [] })
  expect.soft(await textProblems(page)).toEqual({ brokenWords: [], cutMidName: [] })
  // The destinations' heading is a Section's: a region named by it, set apart from the totals above.
  const section = review.getByRole('region', { name: /^To 5 destinations, 5 never paid before$/ })
  await expect(section).toBeVisible()
  const totals = (await review.getByRole('table', { name: 'Totals' }).boundingBox())!
  const heading = (await section.getByRole('heading').boundingBox())!
  expect(heading.y - (totals.y + totals.height), 'space above the heading, in px').toBeGreaterThanOrEqual(16)
  await snap(page, 'batch-review-limits-1280')
})

test('the batch review at 1280×860 with names at their limit: each row to pay is one line, 36 px at most (issue 54)', async ({
  app,
  sim,
}) => {
  const { page } = app
  await page.setViewportSize(WINDOW)
  await onWallets(page)
  const review = await openReview(page, await seed(sim.sandbox.url))
  const rows = review.getByRole('table', { name: 'Rows to pay' }).getByTestId('batch-destination-row')
  await expect(rows).toHaveCount(6)
  await expect(rows.getByTestId('batch-lookalike')).toHaveCount(2)
  const heights = await rows.evaluateAll((rs) => rs.map((r) => Math.round(r.getBoundingClientRect().height)))
  expect(heights, 'the rows to pay, in px').toEqual(heights.map((h) => Math.min(h, 36)))
  // The address shortened in its middle: both ends shown, the whole address in its title and on Copy.
  const address = rows.first().locator('code.id-short')
  const whole = (await address.getAttribute('title'))!
  expect(whole).toMatch(/^0x[0-9a-f]{40}$/)
  await expect(address).toHaveText(`${whole.slice(0, 8)}…${whole.slice(-8)}`)
  await expect(rows.first().getByRole('button', { name: /copy/i })).toHaveCount(1)
  // A name at its limit is cut with an ellipsis, whole in its title.
  const name = rows.first().locator('td').nth(1).locator('bdi')
  await expect(name).toHaveAttribute('title', atLimit(SCRIPTS.tight, 120))
  expect(await name.evaluate((e) => getComputedStyle(e).textOverflow)).toBe('ellipsis')
  // The look-alike comparison is the one place both whole addresses show, side by side.
  const compare = review.getByRole('table', { name: 'Look-alikes to compare' })
  await expect(compare.getByTestId('batch-lookalike-pair')).toHaveCount(2)
  await expect(compare.getByTestId('batch-lookalike-pair').first()).toContainText(whole.slice(8, 34))
  await snap(page, 'batch-review-rows-1280')
})

test('the batch review says what each row needs in words a treasurer reads, never "a fix" or "yes" (issue 54)', async ({
  app,
  sim,
}) => {
  const { page } = app
  await page.setViewportSize(WINDOW)
  await onWallets(page)
  const review = await openReview(page, await seed(sim.sandbox.url))
  const problems = review.getByRole('table', { name: 'Problems by line' })
  await expect(problems.getByRole('columnheader', { name: 'Before sending' })).toBeVisible()
  const needs = problems.getByTestId('batch-problem').locator('.chip')
  await expect(needs).toHaveText(['confirm below', 'fix in the file'])
  await expect(problems.getByTestId('batch-problem')).toHaveText([/^7/, /^8/])
  await expect(needs.first()).toHaveClass(/chip-wait/)
  await expect(needs.last()).toHaveClass(/chip-bad/)
  const rows = review.getByRole('table', { name: 'Rows to pay' })
  await expect(rows.getByRole('columnheader', { name: 'Payee' })).toBeVisible()
  await expect(rows.getByTestId('batch-destination-row').first().locator('.chip-wait')).toHaveText('new payee')
  await expect(rows.getByTestId('batch-destination-row').nth(1)).toContainText('None found')
  const like = rows.getByTestId('batch-lookalike').first()
  await expect(like.locator('.chip-bad')).toHaveText('looks like')
  await expect(like.locator('bdi')).toHaveAttribute('title', atLimit(SCRIPTS.mixed, 120))
  // Words shown in sentence case: a chip's first letter is drawn upper case.
  expect(await needs.first().evaluate((e) => getComputedStyle(e, '::first-letter').textTransform)).toBe('uppercase')
  for (const cell of await review.locator('td').allInnerTexts())
    expect(cell.trim(), 'a cell of the review').not.toMatch(/^(a fix|a confirmation|yes|no)$/)
})
