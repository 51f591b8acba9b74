import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/** The import rules of docs/architecture.md: a wrong arrow must fail lint. */
describe('layering rules', () => {
  const eslint = new ESLint({ cwd: process.cwd() })
  const lint = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath })
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').length
  }

  it.each([
    ['electron/core/x.ts', "import { app } from 'electron'\nexport const a = app"],
    ['electron/core/x.ts', "import { a } from '../main/window'\nexport const b = a"],
    ['electron/simulator/x.ts', "import { Router } from '../core/ipc/router'\nexport const r = Router"],
    ['electron/simulator/x.ts', "import { CHANNELS } from '../../shared/ipc/channels'\nexport const c = CHANNELS"],
    ['renderer/src/x.ts', "import { readFileSync } from 'node:fs'\nexport const r = readFileSync"],
    ['renderer/src/x.ts', "import { Router } from '../../electron/core/ipc/router'\nexport const r = Router"],
    ['renderer/src/x.ts', "import { ipcRenderer } from 'electron'\nexport const i = ipcRenderer"],
    ['shared/api/x.ts', "import { readFileSync } from 'node:fs'\nexport const r = readFileSync"],
    ['shared/api/x.ts', "import { useState } from 'react'\nexport const u = useState"],
    ['electron/cli/x.ts', "import { app } from 'electron'\nexport const a = app"],
    ['electron/core/history/x.ts', "import type { DatabaseSync } from 'node:sqlite'\nexport type D = DatabaseSync"],
    ['renderer/src/screens/x.ts', "import { CHANNELS } from '../../../shared/ipc/channels'\nexport const c = CHANNELS"],
    ['electron/core/pay/x.ts', "import { parse } from 'csv-parse/sync'\nexport const p = parse"],
  ])('refuses a wrong arrow in %s', async (file, code) => {
    expect(await lint(file, code)).toBeGreaterThan(0)
  })

  it.each([
    [
      'electron/core/x.ts',
      "import { z } from 'zod'\nimport { LIMITS } from '../../shared/api/limits'\nexport const a = [z, LIMITS]",
    ],
    ['electron/simulator/x.ts', "import { NETWORKS } from '../../shared/api/networks'\nexport const n = NETWORKS"],
    ['renderer/src/x.ts', "import { CHANNELS } from '@shared/ipc/channels'\nexport const c = CHANNELS"],
    ['electron/core/csv/x.ts', "import { parse } from 'csv-parse/sync'\nexport const p = parse"],
  ])('allows a right arrow in %s', async (file, code) => {
    expect(await lint(file, code)).toBe(0)
  })
})
