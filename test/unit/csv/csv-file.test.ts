import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { writeCsvFile } from '../../../electron/core/csv/write'

/** A disk that fills up mid-export: every write to a file in a folder named `full-disk` fails as the OS says it. */
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>()
  const enospc = () =>
    Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' })
  return {
    ...fs,
    open: async (...args: Parameters<typeof fs.open>) => {
      const handle = await fs.open(...args)
      if (String(args[0]).includes('full-disk'))
        handle.write = (async () => Promise.reject(enospc())) as typeof handle.write
      return handle
    },
  }
})

describe('writing a CSV export', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'full-disk-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('on a full disk answers disk_full naming the file, keeps the cause, and leaves no partial file', async () => {
    const target = join(dir, 'report.csv')
    const err = await writeCsvFile(target, ['a,b\n', '1,2\n']).catch((e: unknown) => e)
    expect(err).toMatchObject({
      code: 'disk_full',
      message: expect.stringContaining(`the disk holding ${target} is full`),
    })
    expect((err as Error).cause).toMatchObject({ code: 'ENOSPC', syscall: 'write' })
    expect(readdirSync(dir)).toEqual([])
  })

  it('into a folder that does not exist says so, instead of an internal error', async () => {
    const target = join(tmpdir(), 'no-such-folder-for-csv', 'report.csv')
    await expect(writeCsvFile(target, ['a\n'])).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/the folder of .*report\.csv does not exist/),
    })
  })
})
