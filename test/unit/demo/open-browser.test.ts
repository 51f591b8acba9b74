import { EventEmitter } from 'node:events'
import { afterEach, describe, expect, it, vi } from 'vitest'

// The demo opens its page with the system's opener; when none works it says so and prints the link instead.
const spawn = vi.hoisted(() => vi.fn())
vi.mock('node:child_process', () => ({ spawn }))
const { openInBrowser } = await import('../../../electron/cli/demo/open-browser')

const realPlatform = Object.getOwnPropertyDescriptor(process, 'platform')!
afterEach(() => {
  Object.defineProperty(process, 'platform', realPlatform)
  spawn.mockReset()
})

/** A child that ends as `end` says, once the opener has been started. */
function opener(end: (child: EventEmitter) => void) {
  const child = Object.assign(new EventEmitter(), { unref: vi.fn() })
  spawn.mockImplementation(() => {
    queueMicrotask(() => end(child))
    return child
  })
  return child
}

describe('openInBrowser', () => {
  const url = 'http://127.0.0.1:5000/?token=a&b=c'

  it.each([
    ['linux', 'xdg-open', [url]],
    ['darwin', 'open', [url]],
    // cmd's start reads & as a command separator: escaped, so the whole link reaches the browser.
    ['win32', 'cmd', ['/c', 'start', '""', 'http://127.0.0.1:5000/?token=a^&b=c']],
  ] as const)('on %s runs %s, detached, and answers true when it exits 0', async (platform, command, args) => {
    Object.defineProperty(process, 'platform', { value: platform })
    const child = opener((c) => c.emit('exit', 0))
    await expect(openInBrowser(url)).resolves.toBe(true)
    expect(spawn).toHaveBeenCalledWith(command, args, { stdio: 'ignore', detached: true })
    expect(child.unref).toHaveBeenCalled()
  })

  it('answers false when the opener fails, is missing, or cannot even be started', async () => {
    opener((c) => c.emit('exit', 3))
    await expect(openInBrowser(url)).resolves.toBe(false)
    opener((c) => c.emit('error', Object.assign(new Error('spawn xdg-open ENOENT'), { code: 'ENOENT' })))
    await expect(openInBrowser(url)).resolves.toBe(false)
    spawn.mockImplementation(() => {
      throw new Error('EAGAIN')
    })
    await expect(openInBrowser(url)).resolves.toBe(false)
  })
})
