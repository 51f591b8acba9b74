import type { Withdrawal } from '../../../shared/api/resources'
import type { ApiClient } from '../api/api-client'
import type { DeskStore } from '../store'

/** What reading the provider's payouts needs of an open session: its client, its store and its status poller. */
export interface ProviderPayoutSession {
  client: ApiClient
  store: DeskStore
  poller: { noteRead(w: Withdrawal, stale?: boolean): void }
}

/**
 * Payouts the provider answered, kept so a search, a note and a receipt find them; a store that cannot be written never
 * hides the answer.
 */
function keep(store: DeskStore, rows: readonly Withdrawal[]): void {
  try {
    store.transaction('keep the payouts', () => store.withdrawals.putMany(rows))
  } catch {
    // The next list or status read writes them again.
  }
}

/** Each answered payout is kept, and handed to the poller: a change is told now, one not yet final is followed. */
function noteAnswered(session: ProviderPayoutSession, rows: readonly Withdrawal[], stale = false): void {
  keep(session.store, rows)
  for (const w of rows) session.poller.noteRead(w, stale)
}

/** Every payout of the query, the pages followed to the end. */
export async function listPayouts(
  session: ProviderPayoutSession,
  query: Omit<NonNullable<Parameters<ApiClient['withdrawals']>[0]>, 'limit'>,
): Promise<Withdrawal[]> {
  const rows: Withdrawal[] = []
  for await (const w of session.client.withdrawals({ ...query, limit: 100 })) rows.push(w)
  noteAnswered(session, rows)
  return rows
}

/** One payout as the provider has it now. */
export async function readPayout(
  session: ProviderPayoutSession,
  withdrawalId: string,
): ReturnType<ApiClient['getWithdrawal']> {
  const answer = await session.client.getWithdrawal(withdrawalId)
  noteAnswered(session, [answer.withdrawal], answer.stale)
  return answer
}

/**
 * Cancels a payout at the provider; the cancelled row is kept, so every surface's search and receipt show it cancelled.
 */
export async function cancelPayout(
  session: Pick<ProviderPayoutSession, 'client' | 'store'>,
  withdrawalId: string,
): Promise<Withdrawal> {
  const cancelled = await session.client.cancelWithdrawal(withdrawalId)
  keep(session.store, [cancelled])
  return cancelled
}
