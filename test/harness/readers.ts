import { spawn, type ChildProcessByStdio } from 'node:child_process'
import type { Readable, Writable } from 'node:stream'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { Profile } from '../../electron/core/profiles'
import type { RegisteredKey } from './api-fixture'
import type { ReaderJob, ReaderResult } from './reader-child'
import { tsChild } from './ts-child'

const CHILD = join(import.meta.dirname, 'reader-child.ts')

/** A sandbox profile for a key registered through the console; readers need no keychain, they get the secret. */
export function readerProfile(baseUrl: string, keyId: string): Profile {
  return {
    id: `mp-${randomBytes(4).toString('hex')}`,
    name: 'Readers',
    environment: 'sandbox',
    baseUrl,
    keyId,
    algorithm: 'ed25519',
    embedded: false,
    agentWriteTools: false,
    pendingKey: null,
    createdAt: new Date().toISOString(),
  }
}

export interface Readers {
  /** Starts every reader at once and resolves with what each one did. */
  go(): Promise<ReaderResult[]>
  /** Ends readers still running (a failed test), by their own pids. */
  stop(): void
}

/** `count` reader processes on one profile store, each opened and waiting at the start line. */
export async function spawnReaders(
  count: number,
  options: { dataDir: string; profile: Profile; key: RegisteredKey; pacing: ReaderJob['pacing']; requests: number },
): Promise<Readers> {
  const job: ReaderJob = {
    dataDir: options.dataDir,
    profile: options.profile,
    secretHex: Buffer.from(options.key.secret).toString('hex'),
    pacing: options.pacing,
    requests: options.requests,
  }
  const children: Array<ChildProcessByStdio<Writable, Readable, null>> = []
  const outputs: Array<Promise<string>> = []
  const ready: Array<Promise<void>> = []
  for (let i = 0; i < count; i++) {
    const child = spawn(process.execPath, [...tsChild(CHILD), JSON.stringify(job)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    children.push(child)
    let out = ''
    let markReady: () => void = () => undefined
    ready.push(new Promise<void>((resolve) => (markReady = resolve)))
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8')
      if (out.startsWith('ready\n')) markReady()
    })
    outputs.push(
      new Promise((resolve, reject) => {
        child.on('error', reject)
        child.on('exit', (code, signal) =>
          code === 0 ? resolve(out) : reject(new Error(`reader ${child.pid} ended with ${signal ?? code}: ${out}`)),
        )
      }),
    )
  }
  // A reader that dies while opening would leave the others waiting forever: fail with its output instead.
  await Promise.race([
    Promise.all(ready),
    Promise.all(outputs).then(() => Promise.reject(new Error('a reader ended before it was ready'))),
  ])
  return {
    async go() {
      // The start line, then end of input: a reader's stdin never keeps it alive once it is done.
      for (const c of children) c.stdin.end('go\n')
      const texts = await Promise.all(outputs)
      return texts.map((t) => JSON.parse(t.trim().split('\n').at(-1)!) as ReaderResult)
    },
    stop() {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
    },
  }
}
