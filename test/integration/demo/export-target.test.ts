import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { demoExportPath } from '../../../electron/cli/demo/export-target'

describe('demo export path', () => {
  let folder = ''
  afterEach(async () => {
    if (folder) await rm(folder, { recursive: true, force: true })
  })

  it('uses the suggested name in the folder and never overwrites a file', async () => {
    folder = await mkdtemp(join(tmpdir(), 'demo-export-'))
    expect(demoExportPath('transactions-2026-11-22.csv', folder)).toBe(join(folder, 'transactions-2026-11-22.csv'))
    await writeFile(join(folder, 'transactions-2026-11-22.csv'), 'x')
    await writeFile(join(folder, 'transactions-2026-11-22-2.csv'), 'x')
    expect(demoExportPath('transactions-2026-11-22.csv', folder)).toBe(join(folder, 'transactions-2026-11-22-3.csv'))
  })
})
