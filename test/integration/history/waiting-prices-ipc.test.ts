import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeDeskRig, openDeskRig, type DeskRig } from '../../harness/ipc-desk'

/** The app's price table: a price that lowers a USD value waits, shown and cancellable over IPC (issue 47 #4). */
describe('waiting prices in the app', () => {
  let rig: DeskRig
  const today = new Date().toISOString().slice(0, 10)
  const table = (price: string) => ({
    source: 'prices.csv',
    text: `date,asset,fiat,price\n${today},ETH,USD,${price}\n`,
  })

  beforeAll(async () => {
    rig = await openDeskRig('waiting-prices-')
  }, 60_000)

  afterAll(async () => {
    if (rig) await closeDeskRig(rig)
  })

  it('a lower price waits for the loosening delay and is cancelled; a higher one applies at once', async () => {
    const first = await rig.desk.router.call('history.importPrices', table('3000'))
    expect(first).toMatchObject({ rows: 1, waiting: null })
    const lower = await rig.desk.router.call('history.importPrices', table('0.0001'))
    expect(lower.waiting).toMatchObject({ rates: 1 })
    expect(Date.parse(lower.waiting!.effectiveAt)).toBeGreaterThan(Date.now() + 50 * 60_000)
    expect(await rig.desk.router.call('history.prices', {})).toMatchObject({ waiting: { rates: 1 } })
    expect(await rig.desk.router.call('history.cancelWaitingPrices', {})).toMatchObject({ waiting: null })
    await expect(rig.desk.router.call('history.cancelWaitingPrices', {})).rejects.toMatchObject({
      code: 'invalid_input',
    })
    expect(await rig.desk.router.call('history.importPrices', table('4000'))).toMatchObject({ waiting: null })
  })
})
