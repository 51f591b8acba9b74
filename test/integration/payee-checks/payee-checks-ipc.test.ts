import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Desk } from '../../../electron/core/desk'
import { startSimulator } from '../../../electron/simulator'
import { consoleCall, type Workspace } from '../../harness/api-fixture'
import { closeDeskRig, openDeskRig } from '../../harness/ipc-desk'

/** Issue 35's doors through the desk router: the altered-withdrawal alarm, screening lists, payee changes, explain. */
describe('payee safety through the desk router', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>
  let ws: Workspace
  let dir: string
  let desk: Desk

  beforeAll(async () => {
    ;({ sim, ws, dir, desk } = await openDeskRig('payee-checks-ipc-'))
  })
  afterAll(() => closeDeskRig({ desk, ws, sim, dir }))

  it('a screening list imported from file bytes is listed with its age; a listed address stops the explain list', async () => {
    const csv = `network,address\n${ws.target.network},0x00000000000000000000000000000000000bad01\n`
    const made = await desk.router.call('screening.import', {
      fileName: 'blocked.csv',
      base64: Buffer.from(csv).toString('base64'),
    })
    expect(made).toMatchObject({ name: 'blocked.csv', addresses: 1 })
    expect(await desk.router.call('screening.status', {})).toEqual([
      expect.objectContaining({ name: 'blocked.csv', addresses: 1, ageDays: 0, stale: false }),
    ])
    const listed = await desk.router.call('payouts.explain', {
      body: { ...ws.target, destination: '0x00000000000000000000000000000000000BAD01', amount: '1' },
    })
    expect(listed.find((c) => c.check === 'screening')).toMatchObject({ result: 'stop' })
    const checks = await desk.router.call('payouts.explain', { body: { ...ws.target, amount: '1' } })
    expect(checks.map((c) => c.check)).toEqual(['verified', 'first_payout', 'payee_change', 'lookalike', 'screening'])
    expect(checks.find((c) => c.check === 'screening')).toMatchObject({ result: 'pass' })
  })

  it('the payee change wait reads and sets; out of range is refused', async () => {
    expect((await desk.router.call('payees.changeWait', {})).hours).toBeGreaterThan(0)
    expect(await desk.router.call('payees.setChangeWait', { hours: 2 })).toEqual({ hours: 2 })
    await expect(desk.router.call('payees.setChangeWait', { hours: 1000 })).rejects.toMatchObject({
      code: 'invalid_input',
    })
  })

  it('a destination that is no payee change has none, and a confirmation for it is refused', async () => {
    const book = await consoleCall<Array<{ id: string; address: string }>>(sim.sandbox.url, 'GET', 'counterparties')
    const id = book.find((c) => c.address.toLowerCase() === ws.target.destination.toLowerCase())!.id
    expect(await desk.router.call('payees.changeOf', { destinationId: id })).toBeNull()
    const confirm = { destinationId: id, by: 'Jo', channel: 'phone' as const, note: 'called the number on file' }
    await expect(desk.router.call('payees.confirmChange', confirm)).rejects.toMatchObject({ code: 'invalid_input' })
  })

  it("a payee's new address shows its state; a confirmation records when the payee confirmed", async () => {
    const add = async (address: string, label: string) =>
      (
        await ws.client.createCounterparty({
          network: ws.target.network,
          address,
          counterparty_type: 'company',
          company_name: 'Acme Supplies GmbH',
          wallet_type: 'unhosted',
          country: 'DE',
          label,
        })
      ).counterparty.id
    await add('0x1111111111111111111111111111111111111111', 'Acme')
    const id = await add('0x52908400098527886E0F7030069857D2E4169EE7', 'Acme new bank')
    expect(await desk.router.call('payees.changeOf', { destinationId: id })).toMatchObject({
      payee: 'Acme Supplies GmbH',
      confirmation: null,
      blocked: expect.stringMatching(
        /^new address for Acme Supplies GmbH, added less than an hour ago, not yet confirmed/,
      ),
    })
    const confirm = { destinationId: id, by: 'Dana Ruiz', channel: 'phone' as const, note: 'Called the number on file' }
    const future = new Date(Date.now() + 3_600_000).toISOString()
    await expect(desk.router.call('payees.confirmChange', { ...confirm, confirmedAt: future })).rejects.toMatchObject({
      code: 'invalid_input',
    })
    const at = new Date(Date.now() - 2 * 3_600_000).toISOString()
    const confirmed = await desk.router.call('payees.confirmChange', { ...confirm, confirmedAt: at })
    expect(confirmed.confirmation).toMatchObject({ confirmedBy: 'Dana Ruiz', channel: 'phone', confirmedAt: at })
    // The 2 h wait set above still runs from when the address was added.
    expect(confirmed.blocked).toMatch(
      /^new address for Acme Supplies GmbH, added less than an hour ago, confirmed, waiting/,
    )
  })

  it('an altered withdrawal is listed, stops new payouts naming it, and acknowledging it clears the alarm with an event', async () => {
    const { withdrawal } = await desk.router.call('payouts.request', { ...ws.target, amount: '1' })
    expect(await desk.router.call('alterations.list', {})).toEqual([])
    const noted: string[] = []
    const stop = desk.events.subscribe((event) => noted.push(event))
    await consoleCall(sim.sandbox.url, 'POST', `withdrawals/${withdrawal!.id}/alter`, { amount: '7' })
    // The session's poller reads the withdrawal back and compares it with the outbox.
    await expect
      .poll(async () => (await desk.router.call('alterations.list', {})).length, { timeout: 20_000, interval: 200 })
      .toBe(1)
    // Its status did not move: the screens still hear of the alteration, on the store's next tick.
    await expect.poll(() => noted.includes('alterations.changed'), { timeout: 5_000, interval: 100 }).toBe(true)
    stop()
    const [open] = await desk.router.call('alterations.list', {})
    expect(open).toMatchObject({
      withdrawalId: withdrawal!.id,
      differences: [{ field: 'amount', asked: '1', recorded: '7' }],
    })
    expect(open!.message).toMatch(/otherwise than it was asked: amount asked 1, recorded 7/)
    await expect(desk.router.call('payouts.request', { ...ws.target, amount: '1' })).rejects.toThrow(
      new RegExp(withdrawal!.id),
    )

    const seen: string[] = []
    const off = desk.events.subscribe((event) => seen.push(event))
    await desk.router.call('alterations.acknowledge', { withdrawalId: withdrawal!.id })
    off()
    expect(seen).toContain('alterations.changed')
    expect(await desk.router.call('alterations.list', {})).toEqual([])
    expect((await desk.router.call('payouts.request', { ...ws.target, amount: '1' })).withdrawal).not.toBeNull()
  })
})
