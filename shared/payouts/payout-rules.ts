import { sameAddress } from '../api/address'
import { AMOUNT_PROBLEM_TEXT, checkAmount } from '../api/amount'
import { assetDecimals } from '../api/networks'
import type { CreateWithdrawal } from '../api/requests'
import type { Balance, Counterparty, Wallet } from '../api/resources'
import { quoteInput } from '../api/text'

/** What a payout request names, possibly half filled in (the form checks as the user types). */
export type PayoutDraftBody = Pick<CreateWithdrawal, 'wallet_id' | 'asset' | 'amount' | 'destination'> & {
  network?: string | undefined
}

export type PayoutField = 'wallet' | 'asset' | 'network' | 'amount' | 'destination'

/** The fields the rules read: a core record or a page's view (whose names are UntrustedText) both have them. */
type RuleWallet = Pick<Wallet, 'id' | 'balances'>
type RuleDestination = Pick<Counterparty, 'network' | 'address' | 'can_send'>

export interface PayoutCheck<W extends RuleWallet = Wallet, C extends RuleDestination = Counterparty> {
  wallet: W | null
  /** The one balance the payout draws on, once wallet, asset and (where needed) network pick it. */
  balance: Balance | null
  destination: C | null
  /** One plain sentence per field that is wrong; empty when the payout may be requested. */
  problems: Partial<Record<PayoutField, string>>
}

/**
 * The payout rules of the workspace's own data, for the form (as the user types) and the core's preflight (before an
 * outbox entry exists), so both refuse the same things with the same words: a wallet that is not the workspace's, an
 * asset it does not hold, an ambiguous network, an amount that is malformed, has too many decimals or exceeds the
 * available balance, a destination that is not in the book for the network or not verified. It resolves the payout
 * as the provider does: the asset symbol exactly, an omitted network to the one network holding the asset, the
 * destination to the one book entry on that network with the same address (spelled in any case the network allows).
 */
export function checkPayout<W extends RuleWallet, C extends RuleDestination>(
  wallets: readonly W[],
  book: readonly C[],
  body: PayoutDraftBody,
): PayoutCheck<W, C> {
  const out: PayoutCheck<W, C> = { wallet: null, balance: null, destination: null, problems: {} }
  out.wallet = wallets.find((w) => w.id === body.wallet_id) ?? null
  if (!out.wallet) {
    out.problems.wallet = 'Choose one of the workspace’s wallets.'
    return out
  }
  const held = out.wallet.balances.filter((b) => b.asset === body.asset)
  if (held.length === 0) {
    out.problems.asset = body.asset
      ? assetProblem(out.wallet.balances, body.asset)
      : 'Choose an asset this wallet holds.'
    return out
  }
  const onNetwork = body.network ? held.filter((b) => b.network === body.network) : held
  if (onNetwork.length !== 1) {
    out.problems.network =
      onNetwork.length === 0
        ? `The wallet holds no ${body.asset} on ${body.network}.`
        : `The wallet holds ${body.asset} on several networks; choose the network.`
    return out
  }
  out.balance = onNetwork[0]!
  const amountProblem = checkAmount(body.amount, assetDecimals(body.asset) ?? 18, out.balance.available)
  if (amountProblem) out.problems.amount = AMOUNT_PROBLEM_TEXT[amountProblem]
  const network = out.balance.network
  const entries = book.filter((c) => c.network === network && sameAddress(network, c.address, body.destination))
  out.destination = entries.length === 1 ? entries[0]! : null
  if (entries.length > 1)
    out.problems.destination =
      `Several entries in the book have this address on ${network}; a person must ` + `remove the extra ones first.`
  else if (!out.destination)
    out.problems.destination = 'Choose a destination in the book for this network (register it first).'
  else if (!out.destination.can_send)
    out.problems.destination = 'This destination is not verified yet; payouts to it are refused until it is.'
  return out
}

/** Symbols are exact, as the provider matches them: "usdc" or "USDC " is refused, naming the symbol it resembles. */
function assetProblem(balances: readonly Balance[], asset: string): string {
  const near = balances.find((b) => b.asset.toLowerCase() === asset.trim().toLowerCase())
  return (
    `The wallet holds no ` +
    `${quoteInput(asset)}${near ? `; asset symbols are exact: did you mean ${near.asset}?` : '.'}`
  )
}

/** The first problem of a check, for a caller that refuses with one message. */
export function firstPayoutProblem(check: PayoutCheck): string | null {
  return Object.values(check.problems)[0] ?? null
}
