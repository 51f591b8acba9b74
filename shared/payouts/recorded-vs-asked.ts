import Big from 'big.js'
import { sameAddress } from '../api/address'
import type { CreateWithdrawal } from '../api/requests'
import type { Withdrawal } from '../api/resources'

/** One field the provider recorded otherwise than the desk asked. */
export interface RecordedDifference {
  field: 'wallet_id' | 'asset' | 'amount' | 'network' | 'destination'
  asked: string
  recorded: string
}

const sameDecimal = (a: string, b: string) => {
  try {
    return new Big(a).eq(new Big(b))
  } catch {
    return a === b
  }
}

/**
 * Every field of a withdrawal the provider returns, compared with the body the desk asked for: the approver in the
 * console sees what the provider recorded, so a withdrawal altered there must never pass as the one requested.
 * Amounts compare as decimals (`1.50` is `1.5`), addresses with the network's equality (letter case on EVM and
 * bech32), assets by symbol; a network the request left to the provider is not compared.
 */
export function recordedDifferences(asked: CreateWithdrawal, recorded: Withdrawal): RecordedDifference[] {
  const out: RecordedDifference[] = []
  const differ = (field: RecordedDifference['field'], a: string, r: string) =>
    out.push({ field, asked: a, recorded: r })
  if (asked.wallet_id !== recorded.wallet_id) differ('wallet_id', asked.wallet_id, recorded.wallet_id)
  if (asked.asset.toUpperCase() !== recorded.asset.toUpperCase()) differ('asset', asked.asset, recorded.asset)
  if (!sameDecimal(asked.amount, recorded.amount)) differ('amount', asked.amount, recorded.amount)
  if (asked.network !== undefined && asked.network !== recorded.network)
    differ('network', asked.network, recorded.network)
  if (!sameAddress(recorded.network, asked.destination, recorded.destination))
    differ('destination', asked.destination, recorded.destination)
  return out
}

/** The differences in one sentence, for a notice, an audit row, the CLI and the agent's answer. */
export const describeDifferences = (ds: readonly RecordedDifference[]): string =>
  ds.map((d) => `${d.field} asked ${d.asked}, recorded ${d.recorded}`).join('; ')
