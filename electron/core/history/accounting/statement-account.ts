import type { LedgerFilter } from '../../../../shared/api/ledger-query'
import { findNetwork } from '../../../../shared/api/networks'
import { quoteInput } from '../../../../shared/api/text'
import { DeskError } from '../../errors'
import type { AccountingSource } from './accounting-source'
import { legBookings } from './entries'

/** One bank account of a statement: a wallet on a network. */
interface StatementAccount {
  walletId: string | null
  wallet: string
  network: string | null
}

/** How many accounts the refusal names before it says how many more there are. */
const NAMED = 8

const accountKey = (a: StatementAccount) => `${a.walletId ?? a.wallet}\n${a.network ?? ''}`

function accountText(a: StatementAccount): string {
  const network = a.network === null ? 'an unnamed network' : (findNetwork(a.network)?.name ?? a.network)
  const wallet =
    a.walletId !== null && a.walletId !== a.wallet
      ? `${quoteInput(a.wallet, 64)} (wallet ${a.walletId})`
      : quoteInput(a.wallet, 64)
  return `${wallet} on ${network}${a.network === null ? '' : ` (network ${a.network})`}`
}

/**
 * A bank statement's lines must be one account's, so that its running balance is that account's: every booking in the
 * statement's asset over the filter (fees of other assets' movements included) comes from one wallet on one network,
 * or the export is refused before a line is written, naming the accounts to choose from.
 */
export function requireOneAccount(source: AccountingSource, filter: LedgerFilter, asset: string): void {
  const accounts = new Map<string, StatementAccount>()
  for (const leg of source.ledger.rows({ ...filter, asset: undefined })) {
    for (const e of legBookings(leg, source).entries) {
      if (e.asset !== asset) continue
      const account = { walletId: leg.wallet_id, wallet: e.wallet, network: leg.network }
      accounts.set(accountKey(account), account)
    }
  }
  if (accounts.size <= 1) return
  const list = [...accounts.values()].sort((a, b) => accountText(a).localeCompare(accountText(b)))
  const named = list.slice(0, NAMED).map(accountText).join('; ')
  const more = list.length > NAMED ? `; and ${list.length - NAMED} more` : ''
  throw new DeskError(
    'validation_failed',
    `A bank statement is one account: ${quoteInput(asset, 32)} moved in ${list.length} wallets and networks in ` +
      `this period (${named}${more}). ` +
      'Choose one wallet and one network (in the filters; --wallet and --network on the command line) and ' +
      'export each account to its own file.',
  )
}
