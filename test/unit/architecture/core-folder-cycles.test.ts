import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ESLint, RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { afterAll, describe, expect, it } from 'vitest'
// @ts-expect-error the project's lint plugin is plain JavaScript
import rule from '../../../eslint/core-folder-cycles.js'

RuleTester.describe = describe
RuleTester.it = it

// A small core on disk: wallets and session import history, history imports store, store imports nothing of theirs.
const root = mkdtempSync(join(tmpdir(), 'core-cycles-'))
const put = (file: string, text: string) => {
  mkdirSync(join(root, file, '..'), { recursive: true })
  writeFileSync(join(root, file), text)
}
put('wallets/run.ts', "import { sync } from '../history/sync'\nexport const h = sync\n")
put('history/sync.ts', "import { db } from '../store/db'\nexport const sync = db\n")
put('store/db.ts', "import { DeskError } from '../errors'\nexport const db = DeskError\n")
put('session/session.ts', "import { sync } from '../history/sync'\nexport const s = sync\n")
put('errors.ts', 'export class DeskError extends Error {}\n')
afterAll(() => rmSync(root, { recursive: true, force: true }))

const options = [{ root }]
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } })

tester.run('desk/core-folder-cycles', rule, {
  valid: [
    // Down the layers, and a root file (errors.ts) that every folder may import.
    {
      filename: join(root, 'history/report.ts'),
      code: "import { db } from '../store/db'\nimport { DeskError } from '../errors'",
      options,
    },
    // Inside one folder.
    { filename: join(root, 'history/report.ts'), code: "import { sync } from './sync'", options },
    // Shared code outside core is no part of its folder graph.
    { filename: join(root, 'store/x.ts'), code: "import { LIMITS } from '../../shared/api/limits'", options },
    // A feature's IPC handlers take their session as a port, typed in a room below them.
    { filename: join(root, 'history/handlers.ts'), code: "import type { Db } from '../store/db'", options },
  ],
  invalid: [
    // A handler file is its feature's folder like any other: reading the concrete session that builds the feature
    // closes a cycle (no exception for handlers).
    {
      filename: join(root, 'history/handlers.ts'),
      code: "import { s } from '../session/session'",
      options,
      errors: [{ messageId: 'cycle', data: { path: 'history → session → history' } }],
    },
    {
      filename: join(root, 'history/back.ts'),
      code: "import { h } from '../wallets/run'",
      options,
      errors: [{ messageId: 'cycle', data: { path: 'history → wallets → history' } }],
    },
    {
      filename: join(root, 'store/up.ts'),
      code: "export { h } from '../wallets/run'",
      options,
      errors: [{ messageId: 'cycle', data: { path: 'store → wallets → history → store' } }],
    },
  ],
})

describe('the project lint', () => {
  it('runs the folder-cycle rule on electron/core: an import back up from store to the session fails', async () => {
    const eslint = new ESLint({ cwd: process.cwd() })
    const [result] = await eslint.lintText(
      "import { ProfileSession } from '../session/session'\nexport const s = ProfileSession\n",
      { filePath: 'electron/core/store/x.ts' },
    )
    expect(result!.messages.filter((m) => m.ruleId === 'desk/core-folder-cycles').map((m) => m.message)).toEqual([
      expect.stringContaining('store → session → '),
    ])
  })
})
