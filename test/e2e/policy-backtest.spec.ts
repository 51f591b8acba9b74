import { seedAgentMonth } from '../harness/agent-requests-seed'
import { expect, onWallets, snap, test } from '../harness/e2e-fixtures'
import { allowAgentTools } from '../harness/e2e-agent-policy'

// Starts from the seeded simulator profile (test/harness/e2e-fixtures.ts).
test.use({ seed: 'simulator' })

const ADDRESS = '0xE9800387E448B82c3064d5146CD8Bb37C2d8EE26'

test('the policy form sets USD limits, counts and hours; the backtest beside it replays a seeded month', async ({
  app,
}) => {
  const { page, desk } = app
  await page.setViewportSize({ width: 1280, height: 900 })
  await onWallets(page)
  // 60 days of recorded agent requests: 0.1 ETH held, 0.2 ETH sent, 0.3 ETH refused, in turn (ETH at 3000 USD).
  seedAgentMonth((await desk.sessions.session()).store, Date.now() - 60_000, ADDRESS, 'ethereum-sepolia', 60)
  const panel = await allowAgentTools(page)
  await panel.getByRole('button', { name: 'Edit policy' }).click()
  // The form starts from the default in force, which holds every payout; the proposed policy holds none.
  await expect(panel.getByLabel('Hold every agent payout for a person')).toBeChecked()
  await panel.getByLabel('Hold every agent payout for a person').uncheck()
  await panel.getByLabel('Maximum USD per payout').fill('12.345')
  await panel.getByLabel('Maximum payouts per hour').fill('ten')
  await panel.getByRole('button', { name: 'Save policy' }).click()
  // Each problem beside its field, in words.
  const usd = panel.getByLabel('Maximum USD per payout')
  await expect(usd).toHaveAttribute('aria-invalid', 'true')
  await expect(usd).toHaveAccessibleDescription('a USD amount such as 1000 or 99.50')
  await expect(panel.getByLabel('Maximum payouts per hour')).toHaveAccessibleDescription(
    '"ten" is not a whole number such as 10 (leave it empty for no limit).',
  )

  await panel.getByLabel('Maximum USD per payout').fill('500')
  await panel.getByLabel('Maximum USD per rolling 7 days').fill('20000.50')
  await panel.getByLabel('Maximum payouts per hour').fill('')
  await panel.getByLabel('Maximum payouts per rolling 24 hours').fill('40')
  await panel.getByLabel('Allow agent payouts only inside set hours').check()
  for (const day of ['Saturday', 'Sunday']) await panel.getByLabel(day, { exact: true }).check()
  await panel.getByLabel('From', { exact: true }).fill('00:00')
  await panel.getByLabel('To', { exact: true }).fill('24:00')
  await panel.getByLabel('Time zone', { exact: true }).fill('UTC')

  const backtest = page.getByRole('region', { name: 'Policy backtest' })
  await expect(backtest.getByLabel('Period (days)')).toHaveValue('30')
  await backtest.getByRole('button', { name: 'Run backtest' }).click()
  await expect(backtest.getByTestId('backtest-totals')).toHaveText(
    '10 allowed that were held; 10 refused that were sent',
  )
  await expect(backtest.getByTestId('backtest-result')).toContainText('30 agent payout requests')
  await expect(backtest.getByTestId('backtest-result')).toContainText('10 would be allowed, 0 held and 20 refused')
  await expect(backtest.getByTestId('backtest-row')).toHaveCount(30)
  await expect(backtest.getByTestId('backtest-row').filter({ hasText: 'max_usd_per_payout' })).toHaveCount(20)

  // Past 50 requests the table is paged.
  await backtest.getByLabel('Period (days)').fill('60')
  await backtest.getByRole('button', { name: 'Run backtest' }).click()
  await expect(backtest.getByTestId('pager-position')).toHaveText('Rows 1–50 of 60')
  await expect(backtest.getByTestId('backtest-row')).toHaveCount(50)
  await backtest.getByRole('button', { name: 'Next' }).click()
  await expect(backtest.getByTestId('backtest-row')).toHaveCount(10)
  await backtest.getByLabel('Period (days)').fill('0')
  await backtest.getByRole('button', { name: 'Run backtest' }).click()
  await expect(backtest.getByText('The period is a whole number of days from 1 to 366.')).toBeVisible()
  await snap(page, 'keys-policy-backtest')

  // The first policy a person sets applies at once; a higher limit after it allows more: it waits, as the form says.
  await panel.getByRole('button', { name: 'Save policy' }).click()
  await expect(panel.getByTestId('policy-saved')).toHaveText('Saved; the rules above are in force now.')
  const profileId = (await desk.keys.profiles.current())!.id
  expect((await desk.router.call('policy.show', { profileId })).policy).toMatchObject({
    maxUsdPerPayout: '500',
    maxUsdPer7Days: '20000.50',
    maxPayoutsPerDay: 40,
    hours: { timeZone: 'UTC', outside: 'hold', windows: [{ days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '24:00' }] },
  })
  await panel.getByRole('button', { name: 'Edit policy' }).click()
  await expect(panel.getByTestId('policy-delay-note')).toContainText('waits 60 minutes before it applies')
  await panel.getByLabel('Maximum USD per payout').fill('800')
  await panel.getByRole('button', { name: 'Save policy' }).click()
  await expect(panel.getByTestId('policy-saved')).toContainText('This change allows more, so it waits until')
  await expect(panel.getByTestId('policy-pending')).toBeVisible()
  expect((await desk.router.call('policy.show', { profileId })).pending?.policy?.maxUsdPerPayout).toBe('800')

  // Saving again while that change waits replaces it: asked first.
  await panel.getByRole('button', { name: 'Edit policy' }).click()
  await panel.getByLabel('Maximum USD per payout').fill('900')
  await panel.getByRole('button', { name: 'Save policy' }).click()
  const ask = page.getByRole('dialog', { name: 'Replace the waiting change?' })
  await expect(ask).toContainText('Saving this policy replaces it')
  await ask.getByRole('button', { name: 'Keep as is' }).click()
  expect((await desk.router.call('policy.show', { profileId })).pending?.policy?.maxUsdPerPayout).toBe('800')
  await panel.getByRole('button', { name: 'Save policy' }).click()
  await ask.getByRole('button', { name: 'Save and replace it' }).click()
  await expect(panel.getByTestId('policy-saved')).toBeVisible()
  expect((await desk.router.call('policy.show', { profileId })).pending?.policy?.maxUsdPerPayout).toBe('900')
})
