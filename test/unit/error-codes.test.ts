import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ERROR_CODES, isErrorCode } from '../../shared/api/error-codes'
import { ConnectionResultSchema } from '../../shared/ipc/channels/profiles'
import { IpcErrorSchema } from '../../shared/ipc/ipc-error'

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
}

/**
 * Every `new DeskError('code'` and `new DeskCallError('code'` literal in the app, also when the code is on the next
 * line.
 */
function raisedCodes(): Set<string> {
  const codes = new Set<string>()
  for (const file of [...sources('electron'), ...sources('renderer/src')]) {
    for (const m of readFileSync(file, 'utf8').matchAll(/new Desk(?:Call)?Error\(\s*'([a-z_]+)'/g)) codes.add(m[1]!)
  }
  return codes
}

describe('the ErrorCode table', () => {
  it('holds every code the app raises', () => {
    const missing = [...raisedCodes()].filter((c) => !isErrorCode(c))
    expect(missing).toEqual([])
  })

  it('holds every connection-test failure reason (the quick start raises them as codes)', () => {
    const reasons = ConnectionResultSchema.options[1].shape.reason.options
    expect(reasons.filter((r) => !isErrorCode(r))).toEqual([])
  })

  it('already holds the disk and store codes of the SQLite store', () => {
    const needed = [
      'disk_full',
      'disk_read_only',
      'disk_permission',
      'store_locked',
      'store_corrupt',
      'store_too_new',
      'record_corrupt',
      'rate_limited',
      'payout_held',
      'policy_denied',
    ]
    expect(needed.filter((c) => !isErrorCode(c))).toEqual([])
  })

  it('lists each code once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length)
  })

  it('is what the IPC error schema accepts: an unknown code does not cross IPC', () => {
    expect(IpcErrorSchema.safeParse({ code: 'rate_limited', message: 'm' }).success).toBe(true)
    expect(IpcErrorSchema.safeParse({ code: 'made_up_code', message: 'm' }).success).toBe(false)
  })
})
