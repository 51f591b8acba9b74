import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppSettingsStore } from '../../../electron/core/settings'

/** Tests run as root, which chmod cannot keep out: the OS's EACCES for a folder named `no-access` is simulated. */
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>()
  return {
    ...fs,
    readFile: async (...args: Parameters<typeof fs.readFile>) => {
      if (String(args[0]).includes('no-access')) {
        throw Object.assign(new Error(`EACCES: permission denied, open '${String(args[0])}'`), {
          code: 'EACCES',
          errno: -13,
          syscall: 'open',
          path: String(args[0]),
        })
      }
      return fs.readFile(...args)
    },
  }
})

describe('app settings that cannot be read', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'no-access-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('say disk_permission naming the file, with what the OS said kept as the cause', async () => {
    const err = await new AppSettingsStore(dir).read().catch((e: unknown) => e)
    expect(err).toMatchObject({
      code: 'disk_permission',
      message: expect.stringContaining(
        `Could not read the app settings: this user may not read or write ${join(dir, 'settings.json')}`,
      ),
    })
    expect((err as Error).cause).toMatchObject({ code: 'EACCES', syscall: 'open' })
  })
})
