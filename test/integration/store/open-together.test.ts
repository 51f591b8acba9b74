import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, describe, expect, it } from 'vitest'
import { tsChild } from '../../harness/ts-child'

const CHILD = join(import.meta.dirname, '../../harness/open-child.ts')
const dir = mkdtempSync(join(tmpdir(), 'open-together-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** `count` processes loaded and waiting: each opens a file at the moment it is told, and answers with one line. */
async function openers(count: number): Promise<{ openTogether(file: string): Promise<string[]>; close(): void }> {
  const children = Array.from({ length: count }, () => {
    const child = spawn(process.execPath, tsChild(CHILD), { stdio: ['pipe', 'pipe', 'inherit'] })
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
    const next = async () => {
      const line = await lines.next()
      if (line.done) throw new Error('an opener exited')
      return line.value
    }
    return { child, next }
  })
  for (const c of children) expect(await c.next()).toBe('ready')
  return {
    // Told together, a little ahead, so all of them are at the open when the moment comes.
    async openTogether(file) {
      const at = Date.now() + 300
      for (const c of children) c.child.stdin.write(`${at} ${file}\n`)
      return Promise.all(children.map((c) => c.next()))
    },
    close: () => children.forEach((c) => c.child.stdin.end()),
  }
}

describe('processes opening one new profile database together', () => {
  // The app, the connector and the CLI started together on a new profile: the first to open it turns WAL on, which
  // takes the file's exclusive lock, and SQLite told the others "database is locked" at once instead of waiting.
  it('all open it: none is told the file stayed locked', async () => {
    const four = await openers(4)
    const outcomes: string[] = []
    try {
      for (let round = 0; round < 12; round++)
        outcomes.push(...(await four.openTogether(join(dir, `r${round}`, 'desk.db'))))
    } finally {
      four.close()
    }
    expect(outcomes.filter((o) => o !== 'opened')).toEqual([])
    expect(outcomes).toHaveLength(48)
  }, 60_000)
})
