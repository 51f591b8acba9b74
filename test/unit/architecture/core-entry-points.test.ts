import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ESLint, RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { afterAll, describe, expect, it } from 'vitest'
// @ts-expect-error the project's lint plugin is plain JavaScript
import rule from '../../../eslint/core-entry-points.js'

RuleTester.describe = describe
RuleTester.it = it

// A small tree: a core with a feature behind use cases, an allowed store index; a CLI beside it.
const base = mkdtempSync(join(tmpdir(), 'core-entry-'))
const root = join(base, 'core')
const put = (file: string, text: string) => {
  mkdirSync(join(base, file, '..'), { recursive: true })
  writeFileSync(join(base, file), text)
}
put('core/payouts/use-cases.ts', 'export const request = 1\n')
put('core/payouts/outbox.ts', 'export const outbox = 1\n')
put('core/payouts/module.ts', 'export const payoutsModule = 1\n')
put('core/payouts/handlers.ts', 'export const payoutHandlers = 1\n')
put('core/settings/settings-handlers.ts', 'export const settingsHandlers = 1\n')
put('core/app-handlers.ts', 'export const appHandlers = 1\n')
put('core/store/index.ts', 'export const open = 1\n')
put('core/store/outbox-repo.ts', 'export const repo = 1\n')
put('core/errors.ts', 'export class DeskError extends Error {}\n')
afterAll(() => rmSync(base, { recursive: true, force: true }))

const options = [{ root, allow: ['errors', 'store/index'] }]
const cli = join(base, 'cli/payout-command.ts')
// The composition root: the session's folder and desk.ts at core's root.
const composing = [{ root, featuresOnly: true, composers: ['session', 'desk'] }]
const desk = join(root, 'desk.ts')
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } })

tester.run('desk/core-entry-points', rule, {
  valid: [
    { filename: cli, code: "import { request } from '../core/payouts/use-cases'", options },
    {
      filename: cli,
      code: "import { DeskError } from '../core/errors'\nimport { open } from '../core/store'",
      options,
    },
    // A type names a shape and calls nothing.
    { filename: cli, code: "import type { Outbox } from '../core/payouts/outbox'", options },
    // Outside core, and a file inside its own core folder (the connector's own modules).
    {
      filename: cli,
      code: "import { out } from './terminal-output'\nimport { LIMITS } from '../shared/limits'",
      options,
    },
    { filename: join(root, 'connector/tools.ts'), code: "import { log } from './connector-log'", options },
    // Inside core a feature reaches the shared rooms (store, api...) freely, and another feature by its use cases.
    {
      filename: join(root, 'batch/run.ts'),
      code: "import { repo } from '../store/outbox-repo'\nimport { request } from '../payouts/use-cases'",
      options: [{ root, featuresOnly: true }],
    },
    // The composition root (the session) combines the features' modules.
    {
      filename: join(root, 'session/parts.ts'),
      code: "import { payoutsModule } from '../payouts/module'",
      options: [{ root, featuresOnly: true, composers: ['session'] }],
    },
    // desk.ts registers a feature's doors through its module, and wires ports from its use cases.
    {
      filename: desk,
      code: "import { payoutDoors } from './payouts/module'\nimport { request } from './payouts/use-cases'",
      options: composing,
    },
    // A feature's module combines its own handler files.
    {
      filename: join(root, 'payouts/module.ts'),
      code: "import { payoutHandlers } from './handlers'",
      options: composing,
    },
  ],
  invalid: [
    // The composition root reaches a feature's handlers only through its module, in a feature folder or not.
    {
      filename: desk,
      code: "import { payoutHandlers } from './payouts/handlers'",
      options: composing,
      errors: [{ messageId: 'handlers', data: { module: 'payouts/handlers', feature: 'payouts' } }],
    },
    {
      filename: desk,
      code: "import { settingsHandlers } from './settings/settings-handlers'",
      options: composing,
      errors: [{ messageId: 'handlers', data: { module: 'settings/settings-handlers', feature: 'settings' } }],
    },
    {
      filename: desk,
      code: "import { appHandlers } from './app-handlers'",
      options: composing,
      errors: [{ messageId: 'handlers' }],
    },
    {
      filename: join(root, 'session/parts.ts'),
      code: "import { payoutHandlers } from '../payouts/handlers'",
      options: composing,
      errors: [{ messageId: 'handlers' }],
    },
    // A feature never builds another feature's module: only the composition root does.
    {
      filename: join(root, 'batch/run.ts'),
      code: "import { payoutsModule } from '../payouts/module'",
      options: [{ root, featuresOnly: true, composers: ['session'] }],
      errors: [{ messageId: 'deep', data: { module: 'payouts/module', feature: 'payouts' } }],
    },
    {
      filename: cli,
      code: "import { outbox } from '../core/payouts/outbox'",
      options,
      errors: [{ messageId: 'deep', data: { module: 'payouts/outbox', feature: 'payouts' } }],
    },
    {
      filename: cli,
      code: "export { repo } from '../core/store/outbox-repo'",
      options,
      errors: [{ messageId: 'deep', data: { module: 'store/outbox-repo', feature: 'store' } }],
    },
    {
      filename: join(root, 'connector/tools.ts'),
      code: "import { outbox } from '../payouts/outbox'",
      options,
      errors: [{ messageId: 'deep' }],
    },
    // A deep import of another core feature fails.
    {
      filename: join(root, 'batch/run.ts'),
      code: "import { outbox } from '../payouts/outbox'",
      options: [{ root, featuresOnly: true }],
      errors: [{ messageId: 'deep', data: { module: 'payouts/outbox', feature: 'payouts' } }],
    },
  ],
})

describe('the project lint', () => {
  it('refuses a deep import into core from the CLI and from the connector', async () => {
    const eslint = new ESLint({ cwd: process.cwd() })
    for (const [filePath, code] of [
      ['electron/cli/x.ts', "import { OutboxRepo } from '../core/store/outbox-repo'\nexport const r = OutboxRepo\n"],
      [
        'electron/core/connector/x.ts',
        "import { OutboxRepo } from '../store/outbox-repo'\nexport const r = OutboxRepo\n",
      ],
    ]) {
      const [result] = await eslint.lintText(code!, { filePath })
      expect(result!.messages.filter((m) => m.ruleId === 'desk/core-entry-points').map((m) => m.message)).toEqual([
        expect.stringContaining("'store/outbox-repo' is inside core"),
      ])
    }
  })

  it('refuses a deep import of one core feature from another', async () => {
    const eslint = new ESLint({ cwd: process.cwd() })
    const [result] = await eslint.lintText(
      "import { BatchReport } from '../batch/batch-report-x'\nexport const r = BatchReport\n",
      { filePath: 'electron/core/history/x.ts' },
    )
    expect(result!.messages.filter((m) => m.ruleId === 'desk/core-entry-points').map((m) => m.message)).toEqual([
      expect.stringContaining("'batch/batch-report-x' is inside core"),
    ])
  })

  it('keeps no allow-list inside core: a deep import the rule once let through (audit/decision-entry) fails', async () => {
    const eslint = new ESLint({ cwd: process.cwd() })
    const [result] = await eslint.lintText(
      "import { decisionEntry } from '../audit/decision-entry'\nexport const d = decisionEntry\n",
      { filePath: 'electron/core/policy/x.ts' },
    )
    expect(result!.messages.filter((m) => m.ruleId === 'desk/core-entry-points').map((m) => m.message)).toEqual([
      expect.stringContaining("'audit/decision-entry' is inside core"),
    ])
  })

  it('lets only the composition root build a module: a feature importing another feature module fails', async () => {
    const eslint = new ESLint({ cwd: process.cwd() })
    const [result] = await eslint.lintText(
      "import { payoutsModule } from '../payouts/module'\nexport const m = payoutsModule\n",
      {
        filePath: 'electron/core/batch/x.ts',
      },
    )
    expect(result!.messages.filter((m) => m.ruleId === 'desk/core-entry-points').map((m) => m.message)).toEqual([
      expect.stringContaining("'payouts/module' is inside core"),
    ])
  })

  it('holds the history feature to its use cases as well', async () => {
    const eslint = new ESLint({ cwd: process.cwd() })
    const [result] = await eslint.lintText(
      "import { buildReport } from '../core/history/report-run'\nexport const r = buildReport\n",
      { filePath: 'electron/cli/x.ts' },
    )
    expect(result!.messages.filter((m) => m.ruleId === 'desk/core-entry-points').map((m) => m.message)).toEqual([
      expect.stringContaining(
        "'history/report-run' is inside core: call the feature's use cases ('history/use-cases')",
      ),
    ])
  })

  it('holds desk.ts to modules: importing a handler file fails, in a feature folder or not', async () => {
    const eslint = new ESLint({ cwd: process.cwd() })
    for (const [source, name] of [
      ['./keys/profile-handlers', 'profileHandlers'],
      ['./settings/settings-handlers', 'settingsHandlers'],
    ] as const) {
      const [result] = await eslint.lintText(`import { ${name} } from '${source}'\nexport const h = ${name}\n`, {
        filePath: 'electron/core/desk.ts',
      })
      expect(result!.messages.filter((m) => m.ruleId === 'desk/core-entry-points').map((m) => m.message)).toEqual([
        expect.stringContaining(`'${source.slice(2)}' is a handler file`),
      ])
    }
  })

  it('lints desk.ts clean: it imports every feature through its module', async () => {
    const eslint = new ESLint({ cwd: process.cwd() })
    const [result] = await eslint.lintFiles(['electron/core/desk.ts'])
    expect(result!.messages.filter((m) => m.ruleId === 'desk/core-entry-points')).toEqual([])
  })
})
