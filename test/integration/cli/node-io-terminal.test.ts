import { Readable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { nodeIo } from '../../../electron/cli/node-io'
import { PtyStdin } from '../../harness/pty-stdin'

// The CLI's real terminal io, run in this process with a real pseudo-terminal (or a pipe) as stdin.
let pty: PtyStdin
let stderr: string[]
let stdout: string[]

beforeEach(async () => {
  stdout = []
  stderr = []
  vi.spyOn(process.stdout, 'write').mockImplementation((text) => stdout.push(String(text)) > 0)
  vi.spyOn(process.stderr, 'write').mockImplementation((text) => stderr.push(String(text)) > 0)
  pty = await PtyStdin.open()
  pty.install()
})
afterEach(async () => {
  vi.restoreAllMocks()
  await pty.close()
})

describe('on a terminal', () => {
  it('says stdin is a terminal, and reads a typed line the terminal echoes', async () => {
    const io = nodeIo()
    expect(io.stdinIsTty).toBe(true)
    const answer = io.readLine()
    pty.press('yes please\r')
    await expect(answer).resolves.toBe('yes please')
    await vi.waitFor(() => expect(pty.screen).toContain('yes please\n'))
  })

  it('keeps a line typed ahead for the next question', async () => {
    const io = nodeIo()
    pty.press('y\r')
    pty.press('40.50\r')
    await expect(io.readLine()).resolves.toBe('y')
    await expect(io.readLine()).resolves.toBe('40.50')
  })

  it('answers an empty line when the person ends input (Ctrl-D)', async () => {
    const answer = nodeIo().readLine()
    pty.press('\u0004')
    await expect(answer).resolves.toBe('')
  })

  it('turns echo off before it asks: a secret pasted the moment the prompt shows is never echoed', async () => {
    const rawWhenAsked: boolean[] = []
    vi.mocked(process.stderr.write).mockImplementation((text) => {
      if (String(text).startsWith('Paste')) rawWhenAsked.push(pty.stream.isRaw === true)
      return stderr.push(String(text)) > 0
    })
    const secret = nodeIo().readHiddenLine('Paste the secret: ')
    expect(rawWhenAsked).toEqual([true])
    pty.press('pasted-at-once\r')
    await expect(secret).resolves.toBe('pasted-at-once')
    expect(stderr).toEqual(['Paste the secret: ', '\n'])
    expect(pty.screen).not.toContain('pasted-at-once')
  })

  it('reads a hidden line with backspace, never echoing it, and leaves the terminal as it was', async () => {
    const io = nodeIo()
    const secret = io.readHiddenLine('Secret: ')
    await vi.waitFor(() => expect(pty.stream.isRaw).toBe(true))
    pty.press('s3cr\u007fet-XYZ\r')
    await expect(secret).resolves.toBe('s3cet-XYZ')
    expect(pty.stream.isRaw).toBe(false)
    expect(stderr).toEqual(['Secret: ', '\n'])
    // Echo is back on for the next question, and nothing of the secret was shown.
    const next = io.readLine()
    pty.press('visible\r')
    await expect(next).resolves.toBe('visible')
    await vi.waitFor(() => expect(pty.screen).toContain('visible'))
    expect(pty.screen).not.toMatch(/s3c|XYZ/)
  })

  it('cancels hidden entry on Ctrl-C, with the terminal back to normal', async () => {
    const secret = nodeIo().readHiddenLine('Secret: ')
    await vi.waitFor(() => expect(pty.stream.isRaw).toBe(true))
    pty.press('half\u0003')
    await expect(secret).rejects.toThrow('Cancelled.')
    expect(pty.stream.isRaw).toBe(false)
  })
})

describe('output', () => {
  it('ends results with a line break, and leaves a prompt ending in a space on its line', () => {
    const io = nodeIo()
    io.out('result')
    io.err('error: bad')
    io.err('Type the total: ')
    expect(stdout).toEqual(['result\n'])
    expect(stderr).toEqual(['error: bad\n', 'Type the total: '])
  })
})

describe('piped stdin', () => {
  it('is no terminal, and is read whole as UTF-8 even when a character spans chunks', async () => {
    const bytes = Buffer.from('secret-é\n', 'utf8')
    const split = bytes.indexOf(0xc3) + 1
    Object.defineProperty(process, 'stdin', {
      value: Readable.from([bytes.subarray(0, split), bytes.subarray(split)]),
      configurable: true,
    })
    const io = nodeIo()
    expect(io.stdinIsTty).toBe(false)
    await expect(io.readStdin()).resolves.toBe('secret-é\n')
  })

  it('answers an empty line when the pipe is empty', async () => {
    Object.defineProperty(process, 'stdin', { value: Readable.from([]), configurable: true })
    await expect(nodeIo().readLine()).resolves.toBe('')
  })
})
