import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, it } from 'vitest'
// @ts-expect-error the project's lint plugin is plain JavaScript
import rule from '../../../eslint/no-row-cast.js'

RuleTester.describe = describe
RuleTester.it = it

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } })

tester.run('desk/no-row-cast', rule, {
  valid: [
    // A row parsed through its schema; a row only tested for being there.
    "const n = rowOf(CountRow, db.prepare('SELECT COUNT(*) AS n FROM t').get(), 't').n",
    "const rows = rowsOf(KeyRow, statement(db, 'SELECT key FROM outbox').all(), 'outbox')",
    "const said = db.prepare('SELECT 1 FROM t WHERE id = ?').get(id) !== undefined",
    // Promise.all and a Map's get hold no row; a const assertion claims nothing.
    'const both = (await Promise.all([a(), b()])) as [A, B]',
    'const made = new Map<string, unknown>()\nconst repo = made.get(key) as Repo',
    'class Store {\n  private readonly repos = new WeakMap<object, unknown>()\n  repo(k: object) {\n' +
      '    return this.repos.get(k) as Repo\n  }\n}',
    'const keys = list.get(0) as const',
  ],
  invalid: [
    {
      code: "const row = db.prepare('SELECT seq FROM audit').get() as { seq: number }",
      errors: [{ messageId: 'cast', data: { read: 'get' } }],
    },
    {
      code: "const row = statement(db, 'SELECT body FROM t WHERE id = ?').get(id) as { body: string } | undefined",
      errors: [{ messageId: 'cast', data: { read: 'get' } }],
    },
    {
      code: "const rows = db.prepare('SELECT id FROM t').all() as Array<{ id: string }>",
      errors: [{ messageId: 'cast', data: { read: 'all' } }],
    },
    {
      code: 'for (const r of stmt.iterate(from) as Iterable<Raw>) use(r)',
      errors: [{ messageId: 'cast', data: { read: 'iterate' } }],
    },
    // A statement kept in a variable or a field is still a statement; the old angle-bracket form too.
    {
      code: 'const get = db.prepare(sql)\nconst stored = get.get(...key) as { net: string } | undefined',
      errors: [{ messageId: 'cast', data: { read: 'get' } }],
    },
    {
      code: 'class R {\n  read() {\n    return this.readStatement.get(KEY) as { value: string }\n  }\n}',
      errors: [{ messageId: 'cast', data: { read: 'get' } }],
    },
    {
      code: 'const rows = <Row[]>stmt.all()',
      errors: [{ messageId: 'cast', data: { read: 'all' } }],
    },
  ],
})
