import { describe, expect, it } from 'vitest'
import { diskError } from '../../electron/core/disk-error'
import { DeskError } from '../../electron/core/errors'
import { Router } from '../../electron/core/ipc/router'

describe('errors from the disk', () => {
  it.each([
    ['ENOSPC', 'disk_full', /full\. Free some space/],
    ['EDQUOT', 'disk_full', /full/],
    ['EROFS', 'disk_read_only', /read-only disk/],
    ['EACCES', 'disk_permission', /may not read or write/],
    ['EPERM', 'disk_permission', /permissions/],
    ['EIO', 'disk_error', /disk failed/],
  ])('%s becomes %s naming the file, with the cause kept for the log', (code, want, text) => {
    const cause = Object.assign(new Error('raw'), { code })
    const err = diskError(cause, '/data/profiles/p/profile.json', 'save the profile')!
    expect(err).toMatchObject({ code: want, message: expect.stringContaining('/data/profiles/p/profile.json') })
    expect(err.message).toMatch(text)
    expect(err.cause).toBe(cause)
  })

  it('anything else is not a disk condition', () => {
    expect(diskError(new Error('boom'), '/f', 'x')).toBeNull()
  })

  it('the router answers the specific code and logs the detail', async () => {
    const logged: unknown[] = []
    const router = new Router({ error: (...args: unknown[]) => logged.push(args) })
    const cause = Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      errno: -28,
      syscall: 'write',
      path: '/d/desk.db',
    })
    const failing = diskError(cause, '/d/desk.db', 'record the payout')!
    expect(failing).toBeInstanceOf(DeskError)
    router.register({
      'app.info': async () => {
        throw failing
      },
    })
    const result = await router.dispatch('app.info', {})
    expect(result).toMatchObject({ ok: false, error: { code: 'disk_full' } })
    expect(JSON.stringify(logged)).toContain('disk_full')
    // The person reads the plain message; the log keeps what the OS said: errno, system call and path.
    expect(logged).toContainEqual([
      expect.stringContaining('disk_full'),
      expect.objectContaining({ code: 'ENOSPC', errno: -28, syscall: 'write', path: '/d/desk.db' }),
    ])
  })
})
