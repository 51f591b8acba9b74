import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeLockState } from '../../../electron/core/desk-lock/lock-state-file'
import { addPerson } from '../../../electron/core/people/use-cases'
import { json, startConnectorFixture, type ConnectorFixture } from './connector-fixture'

/** Issue 48: the agent while the desk is locked follows its profile's setting (real connector processes over MCP). */
let f: ConnectorFixture
const NO_SUCH = { withdrawal_id: '00000000-0000-4000-8000-000000000000' }

beforeAll(async () => {
  f = await startConnectorFixture()
  await addPerson({ name: 'Ada', role: 'admin', passphrase: 'ada passphrase' }, f.home)
})
afterAll(() => f.close())

describe('the agent while the desk is locked', () => {
  it('keeps working under its policy by default: no app has a person at the desk, and the tool still acts', async () => {
    await f.profile('unattended', { writeTools: true })
    const c = await f.connect('unattended')
    const r = await c.call('cancel_withdrawal', NO_SUCH)
    expect(json(r).error?.code).not.toBe('desk_locked')
    await c.close()
  })

  it('refuses its write tools while locked when the profile says so, and writes again once a person unlocks', async () => {
    const p = await f.profile('attended', { writeTools: true })
    await f.keys.profiles.update(p.id, { agentWhileLocked: 'refuse' })
    const c = await f.connect('attended')
    const locked = await c.call('cancel_withdrawal', NO_SUCH)
    expect(locked.isError).toBe(true)
    expect(json(locked).error.code).toBe('desk_locked')
    // An app (this process) with a person at the desk.
    await writeLockState(f.home, true)
    const open = await c.call('cancel_withdrawal', NO_SUCH)
    expect(json(open).error?.code).not.toBe('desk_locked')
    await writeLockState(f.home, false)
    expect(json(await c.call('cancel_withdrawal', NO_SUCH)).error.code).toBe('desk_locked')
    await c.close()
  })
})
