import { randomBytes } from 'node:crypto'
import type { RequestSenderOptions } from '../../electron/core/api/request-sender'
import { consoleCall, setupWorkspace, type Workspace } from './api-fixture'

export interface BatchWorkspace extends Workspace {
  /** A second wallet holding only `smallBalance` USDC on ethereum-sepolia. */
  smallWalletId: string
  /** Verified destinations on ethereum-sepolia, by label. */
  destinations: Array<{ id: string; label: string; address: string }>
}

/**
 * A workspace of its own for batches: the big wallet of `setupWorkspace`, a small one and three labelled, verified
 * destinations.
 */
export async function setupBatchWorkspace(
  baseUrl: string,
  smallBalance = '10',
  options: Partial<RequestSenderOptions> = {},
): Promise<BatchWorkspace> {
  const ws = await setupWorkspace(baseUrl, 0, options)
  const small = await consoleCall<{ id: string }>(baseUrl, 'POST', 'wallets', {
    workspace_id: ws.workspaceId,
    name: 'Small wallet',
    balances: [
      {
        asset: 'USDC',
        network: 'ethereum-sepolia',
        amount: smallBalance,
        available: smallBalance,
        decimals: 6,
        usd_price: 1,
      },
    ],
  })
  const destinations: BatchWorkspace['destinations'] = []
  for (const label of ['Alice GmbH', 'Bob Ltd', 'Carol SA']) {
    const address = '0x' + randomBytes(20).toString('hex')
    const { counterparty } = await ws.client.createCounterparty({
      network: 'ethereum-sepolia',
      address,
      counterparty_type: 'company',
      company_name: label,
      wallet_type: 'unhosted',
      country: 'DE',
      label,
    })
    await consoleCall(baseUrl, 'POST', `counterparties/${counterparty.id}/verify`)
    destinations.push({ id: counterparty.id, label, address })
  }
  return { ...ws, smallWalletId: small.id, destinations }
}

export interface BatchLine {
  destination: string
  amount: string
  wallet: string
  reference?: string
}

/** A batch file as a spreadsheet would export it (CRLF, comma separated, every cell quoted). */
export function batchCsv(lines: readonly BatchLine[]): string {
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`
  return (
    [
      'destination,amount,asset,wallet,reference',
      ...lines.map((l) => [l.destination, l.amount, 'USDC', l.wallet, l.reference ?? ''].map(q).join(',')),
    ].join('\r\n') + '\r\n'
  )
}

/** Provider-side withdrawals of a workspace, with the key each was made under. */
export async function recordedWithdrawals(
  baseUrl: string,
  workspaceId: string,
): Promise<Array<{ id: string; idempotency_key: string; amount: string; wallet_id: string }>> {
  const all = await consoleCall<
    Array<{ id: string; idempotency_key: string; amount: string; wallet_id: string; workspace_id: string }>
  >(baseUrl, 'GET', 'withdrawals')
  return all.filter((w) => w.workspace_id === workspaceId)
}
