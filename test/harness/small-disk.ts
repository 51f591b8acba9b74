import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// Mounting a small tmpfs needs root, which CI has; elsewhere the cases that need it say why they did not run.
export const canMount = process.getuid?.() === 0

const mounted: string[] = []

/** A tmpfs of `sizeKb` mounted at a fresh folder; `unmountSmallDisks` removes them all. */
export function smallDisk(sizeKb: number): string {
  const dir = join(tmpdir(), `store-disk-${process.pid}-${mounted.length}`)
  mkdirSync(dir, { recursive: true })
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', dir])
  mounted.push(dir)
  return dir
}

export function unmountSmallDisks(): void {
  for (const dir of mounted.splice(0)) execFileSync('umount', [dir])
}

/** Whole blocks until the disk refuses, then single bytes: the disk ends full to the byte. */
export function fillDisk(dir: string): void {
  let i = 0
  for (const size of [64 * 1024, 4096, 1]) {
    for (;;) {
      try {
        writeFileSync(join(dir, `filler-${i++}`), Buffer.alloc(size))
      } catch {
        break
      }
    }
  }
}

/** Gives back what `fillDisk` took. */
export function emptyDisk(dir: string): void {
  execFileSync('sh', ['-c', `rm -f ${dir}/filler-*`])
}
