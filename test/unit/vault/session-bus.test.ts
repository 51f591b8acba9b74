import { describe, expect, it } from 'vitest'
import { findSessionBus, missingBusAdvice, sessionBusProblem } from '../../../electron/core/vault/session-bus'

/** A file system holding exactly these sockets. */
const sockets =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path)

describe('finding the D-Bus session bus', () => {
  it('keeps the address the environment gives, without looking anywhere', () => {
    const isSocket = () => {
      throw new Error('looked at the file system')
    }
    expect(
      findSessionBus({ env: { DBUS_SESSION_BUS_ADDRESS: 'unix:abstract=/tmp/dbus-x' }, uid: 1000, isSocket }),
    ).toBe('unix:abstract=/tmp/dbus-x')
  })

  it('uses $XDG_RUNTIME_DIR/bus when it is a socket', () => {
    const env = { XDG_RUNTIME_DIR: '/run/user/1000' }
    expect(findSessionBus({ env, uid: 1000, isSocket: sockets('/run/user/1000/bus') })).toBe(
      'unix:path=/run/user/1000/bus',
    )
    const elsewhere = { XDG_RUNTIME_DIR: '/tmp/rt' }
    expect(findSessionBus({ env: elsewhere, uid: 1000, isSocket: sockets('/tmp/rt/bus', '/run/user/1000/bus') })).toBe(
      'unix:path=/tmp/rt/bus',
    )
  })

  it('without DBUS_SESSION_BUS_ADDRESS and XDG_RUNTIME_DIR (an MCP host default environment), uses /run/user/<uid>/bus', () => {
    const env = { HOME: '/home/ann', PATH: '/usr/bin', USER: 'ann' }
    expect(findSessionBus({ env, uid: 1001, isSocket: sockets('/run/user/1001/bus') })).toBe(
      'unix:path=/run/user/1001/bus',
    )
  })

  it('falls back to /run/user/<uid>/bus when $XDG_RUNTIME_DIR has no bus', () => {
    const env = { XDG_RUNTIME_DIR: '/tmp/empty' }
    expect(findSessionBus({ env, uid: 1000, isSocket: sockets('/run/user/1000/bus') })).toBe(
      'unix:path=/run/user/1000/bus',
    )
  })

  it('finds nothing when no candidate is a socket, or the socket belongs to another user', () => {
    expect(findSessionBus({ env: {}, uid: 1000, isSocket: sockets() })).toBeNull()
    expect(findSessionBus({ env: {}, uid: 1000, isSocket: sockets('/run/user/0/bus') })).toBeNull()
    // An empty variable says nothing about where the bus is.
    expect(findSessionBus({ env: { DBUS_SESSION_BUS_ADDRESS: '' }, uid: 1000, isSocket: sockets() })).toBeNull()
  })

  it('the advice names the variable and shows the env entry for the user', () => {
    const advice = missingBusAdvice(1000)
    expect(advice).toContain('DBUS_SESSION_BUS_ADDRESS is not set')
    expect(advice).toContain('"env": { "DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus" }')
  })
})

// The keyring library is asked only when there may be a bus: without one it would quietly use the kernel keyring.
describe('whether the keychain can be reached over the bus', () => {
  it('no address at all: the advice for the host configuration', () => {
    expect(sessionBusProblem(null, { uid: 1000, isSocket: sockets() })).toBe(missingBusAdvice(1000))
  })

  it('a unix:path address with no socket behind it is named with its path', () => {
    const problem = sessionBusProblem('unix:path=/nonexistent', { uid: 1000, isSocket: sockets() })
    expect(problem).toContain('no D-Bus session bus listens at /nonexistent')
    expect(sessionBusProblem('unix:path=/run/user/1000/bus,guid=0123', { uid: 1000, isSocket: sockets() })).toContain(
      'at /run/user/1000/bus.',
    )
  })

  it('a unix:path address with its socket there may be used', () => {
    expect(
      sessionBusProblem('unix:path=/run/user/1000/bus', { uid: 1000, isSocket: sockets('/run/user/1000/bus') }),
    ).toBeNull()
    expect(
      sessionBusProblem('unix:path=/run/user/1000/bus,guid=0123', {
        uid: 1000,
        isSocket: sockets('/run/user/1000/bus'),
      }),
    ).toBeNull()
  })

  it('addresses that cannot be checked without talking to the bus are left to the keyring', () => {
    for (const address of ['unix:abstract=/tmp/dbus-x', 'tcp:host=127.0.0.1,port=1', 'unix:path=/a;unix:path=/b']) {
      expect(sessionBusProblem(address, { uid: 1000, isSocket: sockets() })).toBeNull()
    }
  })
})
