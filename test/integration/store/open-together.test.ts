import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { tsChild } from '../../harness/ts-child'

const CHILD = join(import.meta.dirname, '../../harness/open-child.ts')
const dir = mkdtempSync(join(tmpdir(), 'open-together-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** `count` processes loaded and waiting, then told to open `file` at one moment; resolves with what each printed last. */
async function openTogether(file: string, count: number): Promise<string[]> {
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, [...tsChild(CHILD), file], { stdio: ['pipe', 'pipe', 'inherit'] }),
  )
  const outputs = children.map((child) => {
    let out = ''
    const ready = new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8')
        if (out.startsWith('ready\n')) resolve()
      }),
    )
    const done = new Promise<string>((resolve, reject) => {
      child.on('error', reject)
      child.on('exit', () => resolve(out.trim().split('\n').at(-1)!))
    })
    return { ready, done }
  })
  await Promise.all(outputs.map((o) => o.ready))
  const at = Date.now() + 300
  for (const child of children) child.stdin.end(`${at}\n`)
  return Promise.all(outputs.map((o) => o.done))
}

describe('processes opening one new profile database together', () => {
  // The app, the connector and the CLI started together on a new profile: the first to open it turns WAL on, which
  // takes the file's exclusive lock, and SQLite told the others "database is locked" at once instead of waiting.
  it('all open it: none is told the file stayed locked', async () => {
    const outcomes: string[] = []
    for (let round = 0; round < 6; round++) {
      outcomes.push(...(await openTogether(join(dir, `round-${round}`, 'desk.db'), 4)))
    }
    expect(outcomes.filter((o) => o !== 'opened')).toEqual([])
    expect(outcomes).toHaveLength(24)
  }, 60_000)
})
