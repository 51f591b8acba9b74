import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, it } from 'vitest'
// @ts-expect-error the project's lint plugin is plain JavaScript
import rule from '../../../eslint/no-double-cast.js'

RuleTester.describe = describe
RuleTester.it = it

const options = [{ allow: ['shared/text/untrusted-text.ts'] }]
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } })
const at = (file: string) => `${process.cwd()}/${file}`

tester.run('desk/no-double-cast', rule, {
  valid: [
    // The brand's own definition may cross through unknown.
    {
      filename: at('shared/text/untrusted-text.ts'),
      code: 'const brand = (value: string): UntrustedText => value as unknown as UntrustedText',
      options,
    },
    // A row parsed through its schema, a single cast, a value only widened to unknown, a const assertion.
    {
      filename: at('electron/core/store/screening/screening-repo.ts'),
      code:
        "const rows = rowsOf(ScreeningListSchema, stmt.all(), 'screening_lists')\n" +
        'const seq = row as { seq: number }\nconst loaded: unknown = x as unknown\nconst o = { a: 1 } as const',
      options,
    },
  ],
  invalid: [
    {
      filename: at('electron/core/store/outbox/outbox-repo.ts'),
      code: 'const rows = statement(db, sql).all() as unknown as RawOutboxRow[]',
      options,
      errors: [{ messageId: 'double' }],
    },
    {
      filename: at('electron/core/csv/read-table.ts'),
      code: 'const lines = ((err as unknown) as { lines?: number }).lines',
      options,
      errors: [{ messageId: 'double' }],
    },
    {
      filename: at('renderer/src/screens/payouts/PayoutList.ts'),
      code: 'const text = <string>(<unknown>label)',
      options,
      errors: [{ messageId: 'double' }],
    },
    // Another file of the brand's folder is not the brand's definition.
    {
      filename: at('shared/text/visible-text.ts'),
      code: 'const raw = value as unknown as string',
      options,
      errors: [{ messageId: 'double' }],
    },
  ],
})
