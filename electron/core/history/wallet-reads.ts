import type { Wallet } from '../../../shared/api/resources'
import type { ApiClient } from '../api/api-client'
import { walletReads, type DeskStore } from '../store'
import type { WalletReader } from './balance-compare'

/** What the wallet and transaction reads need of an open session. */
export interface WalletReadSession {
  client: ApiClient
  store: DeskStore
}

/** The wallets now, kept for the Home screen, which shows every profile's last read without asking any provider. */
export async function listWallets(session: WalletReadSession): Promise<Wallet[]> {
  const wallets = await session.client.listWallets()
  try {
    session.store.transaction('keep the wallets read', () => session.store.repo(walletReads).note(wallets))
  } catch {
    // The balances just read are still shown; Home keeps the older read, with its time.
  }
  return wallets
}

export const readWallet = (session: Pick<WalletReadSession, 'client'>, walletId: string): Promise<Wallet> =>
  session.client.getWallet(walletId)

export const readTransactionPage = (
  session: Pick<WalletReadSession, 'client'>,
  query: Parameters<ApiClient['transactionPage']>[0],
) => session.client.transactionPage(query)

export const readTransaction = (session: Pick<WalletReadSession, 'client'>, transactionId: string) =>
  session.client.getTransaction(transactionId)

/** The session's signed client reads the wallets a comparison needs (a cancelled export's signal stops the reads). */
export const walletAccessOf =
  (session: Pick<WalletReadSession, 'client'>, signal?: AbortSignal) =>
  <T>(read: (readWallet: WalletReader) => Promise<T>): Promise<T> =>
    read((id) => session.client.getWallet(id, { signal }))
