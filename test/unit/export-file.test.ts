import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writeCsvFile } from '../../electron/core/csv/write'
import { writeCsvExport } from '../../electron/core/csv/write'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'export-file-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function* onePage(): AsyncGenerator<Array<Array<string | null>>> {
  yield [['1', 'x']]
}

/** The two ways an export reaches a file: all lines at once (CLI, reports) or page by page (the app's exports). */
const writers: Array<[string, (path: string) => Promise<unknown>]> = [
  ['writeCsvFile', (path) => writeCsvFile(path, ['a,b\r\n', '1,x\r\n'])],
  [
    'writeCsvExport',
    (path) => writeCsvExport(path, ['a', 'b'], onePage(), new AbortController().signal, () => undefined),
  ],
]

describe.each(writers)('an export through %s', (_name, write) => {
  it('never writes through a link planted at OUT.part: the file it points to keeps its bytes, the error names the temp file', async () => {
    const victim = join(dir, 'victim.txt')
    writeFileSync(victim, 'keep me')
    const out = join(dir, 'out.csv')
    symlinkSync(victim, `${out}.part`)
    await expect(write(out)).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining(`${out}.part already exists`),
    })
    expect(readFileSync(victim, 'utf8')).toBe('keep me')
    expect(lstatSync(`${out}.part`).isSymbolicLink()).toBe(true)
    expect(existsSync(out)).toBe(false)
  })

  it('refuses a temp file left there, without touching it', async () => {
    const out = join(dir, 'out.csv')
    writeFileSync(`${out}.part`, 'left over')
    await expect(write(out)).rejects.toMatchObject({ code: 'invalid_input' })
    expect(readFileSync(`${out}.part`, 'utf8')).toBe('left over')
  })

  it('to a folder says the path is a folder, naming it', async () => {
    const folder = join(dir, 'a-folder')
    mkdirSync(folder)
    await expect(write(folder)).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining(`${folder} is a folder`),
    })
    expect(existsSync(`${folder}.part`)).toBe(false)
  })

  it('into a folder that does not exist says so', async () => {
    await expect(write(join(dir, 'missing', 'out.csv'))).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/folder of .*out\.csv does not exist/),
    })
  })

  it('writes the file, owner-only, and leaves no temp file', async () => {
    const out = join(dir, 'out.csv')
    await write(out)
    expect(readFileSync(out, 'utf8')).toBe('a,b\r\n1,x\r\n')
    expect(lstatSync(out).mode & 0o777).toBe(0o600)
    expect(existsSync(`${out}.part`)).toBe(false)
  })
})
