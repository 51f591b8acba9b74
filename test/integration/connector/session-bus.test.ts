import { existsSync } from 'node:fs'
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimUserBus, startUserBus, userBusPath, type UserBus } from '../../harness/user-session-bus'
import { json, startConnectorFixture, type ConnectorFixture } from './connector-fixture'

// MCP hosts start the connector with the SDK's default environment: no DBUS_SESSION_BUS_ADDRESS, no XDG_RUNTIME_DIR.
// The connector must then find the desktop session's bus at /run/user/<uid>/bus, or say what to add to the host's
// config.
const uid = process.getuid!()
/** Why these tests cannot have /run/user/<uid>/bus to themselves, or null when they can. */
let taken: string | null = null
let turn: { release(): void } | null = null

let f: ConnectorFixture
let bus: UserBus | null = null
const testsBus = process.env.DBUS_SESSION_BUS_ADDRESS

beforeAll(async () => {
  const claimed = claimUserBus(uid)
  if (typeof claimed === 'string') taken = claimed
  // Someone else's session bus is never replaced or removed; without it to ourselves the tests cannot say anything.
  else if (existsSync(userBusPath(uid))) {
    claimed.release()
    taken = `${userBusPath(uid)} already exists (another session's bus): not clobbering it`
  } else turn = claimed
  if (!taken) f = await startConnectorFixture()
}, 60_000)

afterAll(async () => {
  // Keys made on the user bus are deleted there, before it goes.
  await f?.close()
  await bus?.close()
  process.env.DBUS_SESSION_BUS_ADDRESS = testsBus
  turn?.release()
})

describe('the connector started by an MCP host finds the session bus', () => {
  it('the SDK default environment carries no bus address (the premise)', () => {
    expect(getDefaultEnvironment()).not.toHaveProperty('DBUS_SESSION_BUS_ADDRESS')
    expect(getDefaultEnvironment()).not.toHaveProperty('XDG_RUNTIME_DIR')
  })

  it('with no bus anywhere, a signing tool fails with keychain_unavailable naming DBUS_SESSION_BUS_ADDRESS and the env entry to add', async (ctx) => {
    ctx.skip(taken !== null, taken ?? '')
    // A profile without a key: the keychain is asked for it, and there is no keychain to ask.
    await f.profile('no-bus', { registered: false })
    const c = await f.connectLikeHost('no-bus')
    // Twice: the keyring library, once it found no Secret Service, would answer later calls from the kernel keyring.
    for (let call = 0; call < 2; call++) {
      const result = await c.call('list_wallets')
      expect(result.isError).toBe(true)
      const { error } = json(result)
      expect(error.code).toBe('keychain_unavailable')
      expect(error.message).toContain('DBUS_SESSION_BUS_ADDRESS is not set')
      expect(error.message).toContain(`"env": { "DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/${uid}/bus" }`)
    }
  })

  it('with the bus at /run/user/<uid>/bus, a signing tool reaches the keychain and the provider', async (ctx) => {
    ctx.skip(taken !== null, taken ?? '')
    bus = await startUserBus(uid)
    // This process keeps the profile's key in the same keychain the connector will find.
    process.env.DBUS_SESSION_BUS_ADDRESS = bus.address
    await f.profile('desktop')
    const c = await f.connectLikeHost('desktop')
    const result = await c.call('list_wallets')
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy()
    expect((result.structuredContent as { data: { name: string }[] }).data.map((w) => w.name).sort()).toEqual([
      'Main',
      'Reserve',
    ])
  })
})
