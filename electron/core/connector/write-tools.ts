import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { LIMITS } from '../../../shared/api/limits'
import { CreateCounterpartySchema, CreateWithdrawalSchema, IdempotencyKeySchema } from '../../../shared/api/requests'
import { CounterpartySchema, WithdrawalSchema } from '../../../shared/api/resources'
import { DeskError } from '../errors'
import { SendRefused } from '../payouts/use-cases'
import { describeRules } from '../policy/use-cases'
import type { AgentPayoutResult } from '../policy/use-cases'
import type { ToolContext } from './tool-context'
import { runTool } from './tool-runner'

export const WRITE_TOOL_NAMES = ['create_counterparty', 'request_withdrawal', 'cancel_withdrawal'] as const

const RequestWithdrawalInput = CreateWithdrawalSchema.extend({
  idempotency_key: IdempotencyKeySchema.describe(
    'A new unique key (for example a UUID) for each new payout. When a call fails or its answer is lost, retry ' +
      'with the SAME key and the same fields: the payout is then never made twice.',
  ),
  amount: CreateWithdrawalSchema.shape.amount.describe('A decimal string such as "12.5" (never a JSON number).'),
})

const REQUEST_WITHDRAWAL =
  'Request a payout from a wallet to a verified destination. It is recorded in the desk outbox and waits for a ' +
  'human to approve it in the provider console; it is not approved by this call. ' +
  'idempotency_key is required: use a new one per payout, and when you retry after an error or a lost answer, ' +
  'reuse the SAME idempotency_key with the same fields so the payout is never made twice.'

const POLICY_OUTCOMES =
  'A request a rule refuses is a tool error (code policy_denied) naming the rule and what it still allows; ' +
  'nothing is recorded. ' +
  'A request a rule holds is recorded and waits for a person at the desk (code payout_held); call again later ' +
  'with the same idempotency_key and fields to learn whether it was released (you get the payout) or ' +
  'rejected (code held_rejected, with the reason); one nobody decides in time expires (code held_expired) ' +
  'and is never sent. ' +
  'Only a person changes these rules, in the app or the payout-desk command.'

/** The description with the rules in force now; rebuilt whenever a person changes them. */
export function requestWithdrawalDescription(ctx: Pick<ToolContext, 'policy'>): string {
  let rules: string
  try {
    rules = describeRules(ctx.policy.state()).join(' ')
  } catch {
    rules = 'The policy cannot be read right now, so requests are refused until it can.'
  }
  return `${REQUEST_WITHDRAWAL}\n\nRules in force for this profile: ${rules}\n\n${POLICY_OUTCOMES}`
}

/**
 * The write tools, registered only when the profile's agent_write_tools setting is on, and each
 * call checks the setting again. Payouts and new destinations pass the profile's policy first.
 * There is deliberately no tool to approve a payout, change the policy or release a hold.
 */
export function registerWriteTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'create_counterparty',
    {
      description:
        'Save a destination (counterparty) for payouts. It can receive payouts only after someone verifies it ' +
        'in the provider console (can_send true). Saving an address that exists returns the existing entry. ' +
        'An address that looks like a different known one (same first and last 4 characters) or is the ' +
        "workspace's own deposit address is refused with code lookalike_destination naming it; only a person " +
        'can save it, in the app.',
      inputSchema: CreateCounterpartySchema,
      outputSchema: z.object({ data: CounterpartySchema, already_exists: z.boolean() }),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    (args) =>
      runTool(ctx.log, 'create_counterparty', null, async () => {
        await ensureAllowed(ctx)
        ctx.policy.admitCounterparty(new Date())
        const { counterparty, alreadyExists } = await ctx.createCounterparty(args)
        return { data: counterparty, already_exists: alreadyExists }
      }),
  )

  const requestWithdrawal = server.registerTool(
    'request_withdrawal',
    {
      description: requestWithdrawalDescription(ctx),
      inputSchema: RequestWithdrawalInput,
      outputSchema: z.object({ data: WithdrawalSchema, idempotency_key: z.string(), retried: z.boolean() }),
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    },
    ({ idempotency_key, ...body }) =>
      runTool(ctx.log, 'request_withdrawal', idempotency_key, async () => {
        await ensureAllowed(ctx)
        const result = await (await ctx.payouts()).request(idempotency_key, body)
        return { data: accepted(result), idempotency_key, retried: result.retried }
      }),
  )

  server.registerTool(
    'cancel_withdrawal',
    {
      description:
        'Cancel a payout that has not been approved yet (status received or pending_approval). Cancelling one ' +
        'that is already cancelled is harmless.',
      inputSchema: z.strictObject({ withdrawal_id: z.string().min(1).max(LIMITS.id).describe('The payout id.') }),
      outputSchema: z.object({ data: WithdrawalSchema }),
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    },
    (args) =>
      runTool(ctx.log, 'cancel_withdrawal', null, async () => {
        await ensureAllowed(ctx)
        const cancelled = await ctx.cancelPayout(args.withdrawal_id)
        return { data: cancelled }
      }),
  )

  // update() sends notifications/tools/list_changed, so the agent re-reads the rules.
  ctx.onPolicyChange(() => requestWithdrawal.update({ description: requestWithdrawalDescription(ctx) }))
}

async function ensureAllowed(ctx: ToolContext): Promise<void> {
  if (!(await ctx.writeToolsAllowed())) {
    throw new DeskError(
      'agent_write_tools_off',
      'Write tools were turned off for this profile. Restart the connector to see the current tool list.',
    )
  }
}

/** The withdrawal the provider recorded, or the outbox's reason why there is none yet. */
function accepted(result: AgentPayoutResult) {
  if (result.withdrawal) return result.withdrawal
  const error = result.entry.error
  if (result.entry.state === 'refused' && error) {
    // Stopped by the send gate at the moment of sending: the agent reads the rule, as for a refusal at its request.
    if (error.rule)
      throw new SendRefused(
        { outcome: 'refuse', rule: error.rule, code: error.code, message: error.message },
        error.message,
      )
    throw new DeskError(error.code, error.message, error.requestId)
  }
  if (error?.code === 'not_recorded') {
    throw new DeskError(
      'not_recorded',
      'The provider did not confirm this payout and, asked under its idempotency_key, has no record of it: ' +
        'nothing was paid. Call request_withdrawal again with the same idempotency_key and fields to send it ' +
        'again (it passes the policy again and never pays twice), or use a new key only for a different payout.',
      error.requestId,
    )
  }
  throw new DeskError(
    error?.code ?? 'outcome_unknown',
    `${error?.message ?? 'The provider did not confirm this payout.'} Whether it was recorded is not known ` +
      `yet: call request_withdrawal again with the same idempotency_key and fields (it never pays twice), or ` +
      `look it up with list_withdrawals filtered by idempotency_key.`,
    error?.requestId,
  )
}
