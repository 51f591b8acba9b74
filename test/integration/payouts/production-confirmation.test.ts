import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Desk } from '../../../electron/core/desk'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall, type Workspace } from '../../harness/api-fixture'
import { closeDeskRig, openDeskRig } from '../../harness/ipc-desk'

/** A production payout is confirmed by its amount typed again; the core checks it, whatever page or bridge asked. */
describe('production payouts through the desk router', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: Workspace
  let dir: string
  let desk: Desk
  const posts = async () =>
    (await consoleCall<Array<{ method: string; path: string }>>(sim.production.url, 'GET', 'requests')).filter(
      (r) => r.method === 'POST' && r.path.startsWith('/api/v1/withdrawals'),
    ).length

  beforeAll(async () => {
    ;({ sim, ws, dir, desk } = await openDeskRig('production-ipc-', { environment: 'production' }))
  })
  afterAll(() => closeDeskRig({ desk, ws, sim, dir }))

  it('without the amount typed again, or with another amount, nothing is recorded or sent', async () => {
    const body = { ...ws.target, amount: '12.5' }
    await expect(desk.router.call('payouts.request', body)).rejects.toMatchObject({
      code: 'confirmation_required',
      message: expect.stringMatching(/PRODUCTION.*12\.5/),
    })
    await expect(desk.router.call('payouts.request', { ...body, retypedAmount: '125' })).rejects.toMatchObject({
      code: 'confirmation_required',
    })
    await expect(desk.router.call('payouts.requestTest', { body, testAmount: '1' })).rejects.toMatchObject({
      code: 'confirmation_required',
    })
    await expect(
      desk.router.call('payouts.requestTest', { body, testAmount: '1', retypedAmount: '12.5' }),
    ).rejects.toMatchObject({ code: 'confirmation_required' })
    expect(await desk.router.call('payouts.outbox', {})).toEqual([])
    expect(await posts()).toBe(0)
  })

  it('with the amount typed again (trailing zeros allowed) the payout is sent once', async () => {
    const r = await desk.router.call('payouts.request', { ...ws.target, amount: '12.5', retypedAmount: '12.50' })
    expect(r.withdrawal).toMatchObject({ amount: '12.5' })
    const test = await desk.router.call('payouts.requestTest', {
      body: { ...ws.target, amount: '12.5' },
      testAmount: '1',
      retypedAmount: '1',
    })
    expect(test.withdrawal).toMatchObject({ amount: '1' })
    expect(await posts()).toBe(2)
  })
})
