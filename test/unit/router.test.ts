import { describe, expect, it, vi } from 'vitest'
import { Router } from '../../electron/core/ipc/router'
import { DeskError } from '../../electron/core/errors'
import { appInfo } from '../../electron/core/app-info'

describe('IPC router', () => {
  const make = () => {
    const handler = vi.fn(() => appInfo('test', '1.2.3'))
    return { router: new Router().register({ 'app.info': handler }), handler }
  }

  it('answers a known channel with its parsed output', async () => {
    const { router } = make()
    const result = await router.dispatch('app.info', {})
    expect(result).toMatchObject({ ok: true, data: { name: 'Payout Desk', version: '1.2.3', shell: 'test' } })
  })

  it.each([
    ['an unknown channel', 'app.nope', {}, 'unknown_channel'],
    ['a non-string channel', 42, {}, 'unknown_channel'],
    ['a prototype key as channel', 'constructor', {}, 'unknown_channel'],
    ['extra fields', 'app.info', { extra: 1 }, 'invalid_input'],
    ['a wrong input shape', 'app.info', 'hello', 'invalid_input'],
    ['no input at all', 'app.info', undefined, 'invalid_input'],
  ])('refuses %s without running the handler', async (_label, channel, input, code) => {
    const { router, handler } = make()
    const result = await router.dispatch(channel, input)
    expect(result).toMatchObject({ ok: false, error: { code } })
    expect(handler).not.toHaveBeenCalled()
  })

  it('passes a DeskError on with its code and request id', async () => {
    const router = new Router().register({
      'app.info': () => {
        throw new DeskError('service_unavailable', 'down', 'req-1')
      },
    })
    expect(await router.dispatch('app.info', {})).toEqual({
      ok: false,
      error: { code: 'service_unavailable', message: 'down', requestId: 'req-1' },
    })
  })

  it('hides the details of an unexpected error and logs it', async () => {
    const error = vi.fn()
    const router = new Router({ error }).register({
      'app.info': () => {
        throw new Error('/home/secret/path exploded')
      },
    })
    const result = await router.dispatch('app.info', {})
    expect(result.ok).toBe(false)
    expect(JSON.stringify(result)).not.toContain('/home/secret')
    expect(error).toHaveBeenCalled()
  })

  it('refuses an output that breaks its schema', async () => {
    const router = new Router().register({ 'app.info': () => ({ name: 'x' }) as never })
    expect(await router.dispatch('app.info', {})).toMatchObject({ ok: false, error: { code: 'internal' } })
  })

  it('refuses to register a channel twice', () => {
    const { router } = make()
    expect(() => router.register({ 'app.info': () => appInfo('test', '1') })).toThrow(/twice/)
  })
})
