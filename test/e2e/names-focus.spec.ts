import { consolePost, expect, openSection, test } from '../harness/e2e-fixtures'
import { openKeyedProfile } from '../harness/e2e-production'
import { PROFILE_NAME, seedTeamWeek } from '../harness/team-week-seed'

test.use({ deskPacing: { limit: 1200, windowSeconds: 60 } })

test.beforeEach(async ({ desk, sim }) => {
  await consolePost(sim.sandbox.url, '/settings', { rate_limit_per_minute: 6000 })
  await openKeyedProfile(desk, PROFILE_NAME, 'sandbox', sim.sandbox.url)
  await seedTeamWeek({ desk }, sim.sandbox.url, { destinations: 60, waiting: 0 })
})

// A name mixing directions is measured to be cut at its logical end, and again when the control holding it takes or
// leaves focus (it is shown whole then). Every name on a screen once took `main` (tabindex -1) for its control, so each
// focus move anywhere measured all of them again, one render each: with a team's book the page stood still for
// seconds at every click. Counted, not timed: the names measured are those of the control focus reaches.
test('a focus move measures again only the names in the control it reaches, not every name on the screen', async ({
  app,
}) => {
  const { page } = app
  await openSection(page, 'Destinations')
  await expect.poll(() => page.getByTestId('destination-row').count()).toBeGreaterThanOrEqual(60)
  await page.evaluate(() => {
    const measure = window.getComputedStyle.bind(window)
    ;(window as unknown as { measured: number }).measured = 0
    window.getComputedStyle = (el, pseudo) => {
      ;(window as unknown as { measured: number }).measured++
      return measure(el, pseudo)
    }
  })
  // From the search field to the filter before it and back: neither holds a name.
  const search = page.getByRole('search', { name: 'Filter destinations' }).getByLabel('Search')
  await search.focus()
  await page.keyboard.press('Shift+Tab')
  await search.focus()
  // Let every render the focus moves caused settle before counting.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
  expect(await page.evaluate(() => (window as unknown as { measured: number }).measured)).toBe(0)

  // A control holding a cut name still shows it whole while it has the keyboard's focus, and cut again after (in a
  // table it stayed cut: the table's one-line rule outranked the focus rule).
  await page
    .locator('main button bdi:has(> span[aria-hidden="true"])')
    .first()
    .evaluate((el) => (el.id = 'probe'))
  const name = page.locator('#probe')
  const control = page.locator('main button').filter({ has: name })
  // By the keyboard, as :focus-visible (which lets the name wrap) needs: Tab from the search field until it is reached.
  await search.focus()
  for (let i = 0; i < 40 && !(await control.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab')
  await expect(name.locator('span[aria-hidden="true"]')).toHaveCount(0)
  await expect(name).toHaveText((await name.getAttribute('title'))!)
  await search.focus()
  await expect(name.locator('span[aria-hidden="true"]')).toHaveCount(1)
})
