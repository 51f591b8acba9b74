import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeDeskRig, openDeskRig, type DeskRig } from '../../harness/ipc-desk'

/**
 * Issue 54: Activity showed a payout as its id and key ("Payout sent to the provider · key 7f3a…"). Its page read now
 * adds what the payout paid and to whom, from the payout store, by the row's key or payout id; the audit rows
 * themselves are never rewritten.
 */
describe('Activity names what a payout paid and to whom (real app, simulator, signatures)', () => {
  let rig: DeskRig
  let payout: { id: string; key: string }

  beforeAll(async () => {
    rig = await openDeskRig('activity-payouts-')
    const sent = await rig.desk.router.call('payouts.request', { ...rig.ws.target, amount: '1200' })
    payout = { id: sent.withdrawal!.id, key: sent.entry.idempotencyKey }
    await rig.desk.router.call('withdrawals.cancel', { withdrawalId: payout.id })
  }, 60_000)
  afterAll(async () => {
    await closeDeskRig(rig)
  })

  it('adds the amount, asset and destination to the rows about the payout, by its key or its payout id', async () => {
    const { rows } = await rig.desk.router.call('activity.page', {})
    const { destination, network } = rig.ws.target
    const paid = {
      amount: '1200',
      asset: 'USDC',
      network,
      address: destination,
      destinationName: 'Test Payee',
      payoutId: payout.id,
    }
    const sent = rows.find((r) => r.action === 'requested' && r.method === 'POST')
    expect(sent).toMatchObject({ idempotencyKey: payout.key, payout: paid })
    // The cancel names the payout by its provider id in its path, not by a key.
    const cancelled = rows.find((r) => r.action === 'cancelled')
    expect(cancelled).toMatchObject({ path: `/api/v1/withdrawals/${payout.id}/cancel`, payout: paid })
    // A row about no payout says only what it knows.
    const read = rows.find((r) => r.path === '/api/v1/wallets')
    expect(read).toBeDefined()
    expect(read).not.toHaveProperty('payout')
  })

  it('leaves the hash-chained rows as they were: the chain still holds after the read', async () => {
    await rig.desk.router.call('activity.page', {})
    expect(await rig.desk.router.call('activity.verify', { whole: true })).toMatchObject({ ok: true, brokenSeq: null })
  })
})
