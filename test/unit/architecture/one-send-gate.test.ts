import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, it } from 'vitest'
// @ts-expect-error the project's lint plugin is plain JavaScript
import rule from '../../../eslint/one-send-gate.js'

RuleTester.describe = describe
RuleTester.it = it

const options = [{ allow: ['electron/core/payouts/payout-requests.ts'] }]
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } })
const at = (file: string) => `${process.cwd()}/${file}`

tester.run('desk/one-send-gate', rule, {
  valid: [
    {
      filename: at('electron/core/payouts/payout-requests.ts'),
      code: 'await this.client.createWithdrawal(entry.body, key)\nSendGate.claimed(entry)',
      options,
    },
    // Defining the client's method, and reading a withdrawal, are not sends.
    {
      filename: at('electron/core/api/api-client.ts'),
      code: 'class C { async createWithdrawal() {} }\nclient.getWithdrawal(id)',
      options,
    },
    {
      filename: at('electron/core/batch/batch-runner.ts'),
      code: "await payouts.sendRecorded(key, { how: 'batch' })",
      options,
    },
  ],
  invalid: [
    // A new path that posts a queued payout itself, as the old QueuedSender-style bypass would.
    {
      filename: at('electron/core/payouts/queued-sender.ts'),
      code: 'await client.createWithdrawal(entry.body, entry.idempotencyKey)',
      options,
      errors: [{ messageId: 'send' }],
    },
    {
      filename: at('electron/cli/payout-command.ts'),
      code: 'await session.client?.createWithdrawal(body, key)',
      options,
      errors: [{ messageId: 'send' }],
    },
    {
      filename: at('electron/core/policy/held-payouts.ts'),
      code: 'const { createWithdrawal } = client',
      options,
      errors: [{ messageId: 'send' }],
    },
    {
      filename: at('electron/core/batch/batch-runner.ts'),
      code: 'send(SendGate.claimed(row))',
      options,
      errors: [{ messageId: 'send' }],
    },
  ],
})
