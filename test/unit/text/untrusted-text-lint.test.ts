import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, it } from 'vitest'
// @ts-expect-error the project's lint plugin is plain JavaScript
import rule from '../../../eslint/untrusted-text.js'

RuleTester.describe = describe
RuleTester.it = it

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
})
const options = [{ fields: ['label', 'name', 'message'], sinks: ['out', 'err'] }]
const raw = [{ messageId: 'raw' }]

tester.run('desk/untrusted-text', rule, {
  valid: [
    { code: 'const a = <UserText>{c.label}</UserText>', options },
    { code: 'const a = <td>{c.label ? <UserText>{c.label}</UserText> : "none"}</td>', options },
    { code: 'const a = <Party providerName={t.name} />', options },
    { code: 'const a = <input maxLength={LIMITS.name} />', options },
    { code: 'ctx.out(`to ${shown(c.label)}`)', options },
    { code: 'const a = <p>{c.label.length}</p>', options },
  ],
  invalid: [
    { code: 'const a = <td>{c.label}</td>', options, errors: raw },
    { code: 'const a = <h1>{c.label || owner(c)}</h1>', options, errors: raw },
    { code: 'const a = <p>{`Registered ${c.label}`}</p>', options, errors: raw },
    { code: 'const a = <section aria-label={`Profile ${p.name}`} />', options, errors: raw },
    { code: 'ctx.out(`Synced "${profile.name}"`)', options, errors: raw },
    { code: 'io.err(`error: ${err.message}`)', options, errors: raw },
  ],
})
