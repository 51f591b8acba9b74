import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createDesk } from '../../../electron/core/desk'
import { RotatingLog } from '../../../electron/core/shell/rotating-log'
import { MemorySecretStore } from '../../harness/memory-secret-store'

const dirs: string[] = []
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'rotating-log-'))
  dirs.push(d)
  return d
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

const AT = new Date('2026-11-26T02:00:00.000Z')
const KEY_B64 = 'q83vEjRWeJASNFZ4kKvN7xI0VniQEjRWeJCrze8SNFY='

describe('the data folder log', () => {
  it('writes one line per failure with its time, code and message; a key-shaped token and a forged line break never reach it', () => {
    const file = join(tempDir(), 'logs', 'payout-desk.log')
    const log = new RotatingLog(file, { now: () => AT })
    log.error(
      'p1: looking up unknown outcomes failed',
      Object.assign(new Error(`keychain said ${KEY_B64}\n2026-11-26 info all good`), { code: 'network_error' }),
    )
    log.error('plain detail', 'a string')
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean)
    expect(lines).toEqual([
      '2026-11-26T02:00:00.000Z error p1: looking up unknown outcomes failed network_error: keychain said [redacted][U+000A]2026-11-26 info all good',
      '2026-11-26T02:00:00.000Z error plain detail a string',
    ])
  })

  it('rotates by size, keeping the newest generations only', () => {
    const file = join(tempDir(), 'app.log')
    const log = new RotatingLog(file, { maxBytes: 200, keep: 2, now: () => AT })
    for (let i = 0; i < 20; i++) log.error(`failure number ${String(i).padStart(2, '0')} of twenty`)
    const current = readFileSync(file, 'utf8')
    expect(current.length).toBeLessThanOrEqual(200)
    expect(current).toContain('failure number 19')
    expect(readFileSync(`${file}.1`, 'utf8')).not.toContain('failure number 19')
    expect(existsSync(`${file}.2`)).toBe(true)
    expect(existsSync(`${file}.3`)).toBe(false)
    expect(readFileSync(`${file}.2`, 'utf8')).not.toContain('failure number 00')
  })

  it('never throws when the log cannot be written', () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'logs'), 'a file where the folder should be')
    expect(() => new RotatingLog(join(dir, 'logs', 'x.log')).error('lost', new Error('no room'))).not.toThrow()
  })

  it("the desk writes a handler's unexpected failure to <data>/logs/payout-desk.log as well as to the shell's log", async () => {
    const dataDir = tempDir()
    const secrets = new MemorySecretStore()
    const told: string[] = []
    const desk = await createDesk({
      dataDir,
      shell: 'test',
      version: '0.0.0',
      secretStore: secrets,
      log: { error: (m) => told.push(m) },
    })
    try {
      const profile = await desk.router.call('profiles.create', {
        name: 'Ops',
        environment: 'sandbox',
        baseUrl: 'http://127.0.0.1:9',
      })
      secrets.get = async () => {
        throw new Error(`Secret Service timed out holding ${KEY_B64}`)
      }
      await expect(desk.router.call('keys.publicKey', { profileId: profile.id })).rejects.toThrow()
      const logged = readFileSync(join(dataDir, 'logs', 'payout-desk.log'), 'utf8')
      expect(logged).toMatch(/ error IPC handler keys\.publicKey.*Secret Service timed out holding \[redacted\]\n$/)
      expect(logged).not.toContain(KEY_B64)
      expect(told).toEqual([expect.stringContaining('keys.publicKey')])
    } finally {
      await desk.dispose()
    }
  })
})
