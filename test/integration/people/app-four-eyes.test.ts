import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeDeskRig, openDeskRig, type DeskRig } from '../../harness/ipc-desk'

// Four eyes in the app, through the real router, lock, people file and store: on a production profile the person who
// added a payee's new address does not confirm it; another person at the desk does.
let rig: DeskRig

beforeAll(async () => {
  rig = await openDeskRig('app-four-eyes-', { environment: 'production' })
}, 60_000)
afterAll(() => closeDeskRig(rig))

describe('four eyes in the app', () => {
  it(
    'the person at the desk who added a payee change does not confirm it; a second person does',
    {
      timeout: 120_000,
    },
    async () => {
      const call = rig.desk.router.call.bind(rig.desk.router)
      await call('people.add', { name: 'Ada', role: 'admin', passphrase: 'ada passphrase' })
      await call('people.add', {
        name: 'Tom',
        role: 'treasurer',
        passphrase: 'tom passphrase',
        yourPassphrase: 'ada passphrase',
      })
      const add = async (address: string, label: string) =>
        (
          await call('counterparties.create', {
            network: rig.ws.target.network,
            address,
            counterparty_type: 'company',
            company_name: 'Acme Supplies GmbH',
            wallet_type: 'unhosted',
            country: 'DE',
            label,
          })
        ).counterparty.id
      await add('0x1111111111111111111111111111111111111111', 'Acme')
      const changed = await add('0x52908400098527886E0F7030069857D2E4169EE7', 'Acme new bank')
      const confirm = {
        destinationId: changed,
        by: 'Ada',
        channel: 'phone' as const,
        note: 'Called the number on file',
      }
      await expect(call('payees.confirmChange', confirm)).rejects.toMatchObject({ code: 'second_person_required' })

      await call('lock.lock', {})
      await call('lock.unlock', { name: 'Tom', passphrase: 'tom passphrase' })
      const done = await call('payees.confirmChange', { ...confirm, by: 'Tom' })
      expect(done).toMatchObject({ payee: 'Acme Supplies GmbH', confirmation: { confirmedBy: 'Tom' } })
    },
  )
})
