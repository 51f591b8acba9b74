import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/** Every TypeScript file of the product's Node side (core, CLI, main). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return sources(path)
    return e.name.endsWith('.ts') ? [path] : []
  })
}

/** A session opened or started by hand: `ProfileSession.open(` or a `.start({` of services. */
const byHand = (text: string) => text.match(/ProfileSession\.open\(|\.start\(\{\s*(followPayouts|sendQueued|resolve)/g)

describe('one session factory', () => {
  it('outside the session room, product code opens sessions only through openSession / withSession (by role)', () => {
    const found = ['electron/core', 'electron/cli', 'electron/main']
      .flatMap(sources)
      .filter((file) => !file.startsWith('electron/core/session/'))
      .filter((file) => byHand(readFileSync(file, 'utf8')))
    expect(found).toEqual([])
  })

  it('the scan sees a session opened by hand', () => {
    expect(byHand('const s = await ProfileSession.open(profile, deps)\ns.start({ sendQueued: true })')).toHaveLength(2)
  })
})
