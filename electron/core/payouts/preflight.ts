import Big from 'big.js'
import type { CreateWithdrawal } from '../../../shared/api/requests'
import type { ApiClient } from '../api/api-client'
import { DeskError } from '../errors'

function refuse(message: string): never {
  throw new DeskError('invalid_input', message)
}

/**
 * Checks a new payout against the workspace's own wallets and destination book before an outbox
 * entry exists: a foreign wallet, an asset not held, more than available, an unknown or
 * unverified destination are refused here, so nothing is sent for them.
 */
export async function preflightPayout(client: Pick<ApiClient, 'listWallets' | 'listCounterparties'>, body: CreateWithdrawal): Promise<void> {
  const wallets = await client.listWallets()
  const wallet = wallets.find((w) => w.id === body.wallet_id)
  if (!wallet) refuse('This wallet is not one of the workspace\'s wallets.')
  const balances = wallet.balances.filter((b) => b.asset === body.asset && (body.network === undefined || b.network === body.network))
  if (balances.length === 0) refuse(`The wallet holds no ${body.asset}${body.network ? ` on ${body.network}` : ''}.`)
  if (balances.length > 1) refuse(`The wallet holds ${body.asset} on several networks; choose the network.`)
  const balance = balances[0]!
  if (new Big(body.amount).gt(new Big(balance.available))) refuse(`More than the available ${balance.available} ${body.asset}.`)
  const book = await client.listCounterparties()
  const destination = book.find((c) => c.address === body.destination && c.network === balance.network)
  if (!destination) refuse('This address is not in the destination book for this network. Register it first.')
  if (!destination.can_send) refuse('This destination is not verified yet; payouts to it are refused until it is.')
}
