import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { LIMITS } from '../../../shared/api/limits'
import { TransactionQuerySchema, WithdrawalQuerySchema } from '../../../shared/api/requests'
import { CounterpartySchema, TransactionLegSchema, WalletSchema, WithdrawalSchema } from '../../../shared/api/resources'
import type { ToolContext } from './tool-context'
import { runTool } from './tool-runner'

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true } as const

const walletId = z.string().min(1).max(LIMITS.walletId).describe('A wallet id as list_wallets returns it.')
const id = (what: string) => z.string().min(1).max(LIMITS.id).describe(what)

const TransactionsInput = z.strictObject({
  limit: TransactionQuerySchema.shape.limit.describe(
    `Rows per page, 1 to ${LIMITS.pageLimitMax} (default ${LIMITS.pageLimitDefault}).`,
  ),
  wallet_id: TransactionQuerySchema.shape.wallet_id.describe('Only this wallet.'),
  cursor: TransactionQuerySchema.shape.cursor.describe(
    'next_cursor of the previous page; keep the other filters unchanged.',
  ),
  created_after: TransactionQuerySchema.shape.created_after.describe(
    'ISO 8601 time with offset, e.g. 2025-01-31T00:00:00Z.',
  ),
  created_before: TransactionQuerySchema.shape.created_before.describe('ISO 8601 time with offset.'),
})

const WithdrawalsInput = z.strictObject({
  limit: WithdrawalQuerySchema.shape.limit.describe(
    `Rows per page, 1 to ${LIMITS.pageLimitMax} (default ${LIMITS.pageLimitDefault}).`,
  ),
  offset: WithdrawalQuerySchema.shape.offset.describe('next_offset of the previous page.'),
  wallet_id: WithdrawalQuerySchema.shape.wallet_id.describe('Only payouts from this wallet.'),
  idempotency_key: WithdrawalQuerySchema.shape.idempotency_key.describe(
    'Only the payout requested with this idempotency_key.',
  ),
})

/** The read endpoints of Client API v1, one tool each, always present. */
export function registerReadTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'list_wallets',
    {
      description:
        'List the workspace wallets with their balances per asset and network, deposit addresses and USD totals.',
      inputSchema: z.strictObject({}),
      outputSchema: z.object({ data: z.array(WalletSchema) }),
      annotations: READ_ONLY,
    },
    () => runTool(ctx.log, 'list_wallets', null, async () => ({ data: await (await ctx.client()).listWallets() })),
  )

  server.registerTool(
    'get_wallet',
    {
      description: 'Get one wallet with its balances.',
      inputSchema: z.strictObject({ wallet_id: walletId }),
      outputSchema: z.object({ data: WalletSchema }),
      annotations: READ_ONLY,
    },
    (args) =>
      runTool(ctx.log, 'get_wallet', null, async () => ({
        data: await (await ctx.client()).getWallet(args.wallet_id),
      })),
  )

  server.registerTool(
    'list_transactions',
    {
      description:
        'One page of transaction legs (deposits, payouts, internal moves), newest first. When next_cursor is ' +
        'not null, call again with cursor set to it to get the next page.',
      inputSchema: TransactionsInput,
      outputSchema: z.object({ data: z.array(TransactionLegSchema), next_cursor: z.string().nullable() }),
      annotations: READ_ONLY,
    },
    (args) =>
      runTool(ctx.log, 'list_transactions', null, async () => {
        const page = await (await ctx.client()).transactionPage(args)
        return { data: page.rows, next_cursor: page.nextCursor }
      }),
  )

  server.registerTool(
    'get_transaction',
    {
      description: 'Get the legs of one transaction (a move between own wallets has two legs with one id).',
      inputSchema: z.strictObject({ transaction_id: id('A transaction id as list_transactions returns it.') }),
      outputSchema: z.object({ data: z.array(TransactionLegSchema) }),
      annotations: READ_ONLY,
    },
    (args) =>
      runTool(ctx.log, 'get_transaction', null, async () => ({
        data: await (await ctx.client()).getTransaction(args.transaction_id),
      })),
  )

  server.registerTool(
    'list_counterparties',
    {
      description:
        'List the saved destinations (counterparties). Only verified ones (can_send true) can receive payouts.',
      inputSchema: z.strictObject({}),
      outputSchema: z.object({ data: z.array(CounterpartySchema) }),
      annotations: READ_ONLY,
    },
    () =>
      runTool(ctx.log, 'list_counterparties', null, async () => ({
        data: await (await ctx.client()).listCounterparties(),
      })),
  )

  server.registerTool(
    'list_withdrawals',
    {
      description:
        'One page of payouts (withdrawals), newest first. When next_offset is not null, call again with offset ' +
        'set to it. Filter by idempotency_key to find the payout a request_withdrawal call made.',
      inputSchema: WithdrawalsInput,
      outputSchema: z.object({ data: z.array(WithdrawalSchema), next_offset: z.number().int().nullable() }),
      annotations: READ_ONLY,
    },
    (args) =>
      runTool(ctx.log, 'list_withdrawals', args.idempotency_key ?? null, async () => {
        const page = await (await ctx.client()).withdrawalPage(args)
        return { data: page.rows, next_offset: page.nextOffset }
      }),
  )

  server.registerTool(
    'get_withdrawal',
    {
      description:
        "Get one payout's current status from the provider. stale true means the provider could not refresh it live.",
      inputSchema: z.strictObject({
        withdrawal_id: id('A payout id as request_withdrawal or list_withdrawals returns it.'),
      }),
      outputSchema: z.object({ data: WithdrawalSchema, stale: z.boolean() }),
      annotations: READ_ONLY,
    },
    (args) =>
      runTool(ctx.log, 'get_withdrawal', null, async () => {
        const { withdrawal, stale } = await (await ctx.client()).getWithdrawal(args.withdrawal_id)
        if (!stale) ctx.remember(withdrawal)
        return { data: withdrawal, stale }
      }),
  )
}
