import type { ReactNode } from 'react'
import type { UntrustedText } from '@shared/text/untrusted-text'
import { Amount, fractionSlot, moneyWidth } from '../../components/Amount'
import { ShortId } from '../../components/ShortId'
import { StatusChip } from '../../components/StatusChip'
import { Time } from '../../components/Time'
import { Party } from '../../names/Party'
import { UserText } from '../../names/UserText'
import { WalletRef } from '../../names/WalletRef'
import { useNav } from '../../stores/nav'

/** A payout as History's row shows it, whether read from the provider's list or found by the search. */
export interface PayoutLine {
  /** The provider's payout id; null while it has not recorded the payout (the row then shows its Idempotency-Key). */
  id: string | null
  idempotencyKey: string | null
  createdAt: string
  status: string
  walletId: string | null
  amount: string
  asset: string
  network: string | null
  destination: string
  requestedBy: UntrustedText | null
  reference: UntrustedText | null
  /** The search shows the note it may have matched after the reference. */
  note?: UntrustedText | null
}

/**
 * History's table (issue 54): fixed columns (components.css), so each row is one line whatever the names' length at
 * 1280 px; the amounts' column as wide as `amounts` need, their decimal points in one line.
 */
export function PayoutTable({
  label,
  amounts,
  referenceTitle = 'Reference',
  children,
}: {
  label: string
  amounts: readonly string[]
  referenceTitle?: string
  children: ReactNode
}) {
  return (
    <table
      className="grid payout-table"
      aria-label={label}
      style={{ ...fractionSlot(amounts, '--column-frac'), ...moneyWidth(amounts) }}
    >
      <colgroup>
        <col className="col-time" />
        <col className="col-by" />
        <col className="col-status" />
        <col className="col-name" />
        <col className="col-amount" />
        <col />
        <col className="col-name" />
        <col className="col-id" />
      </colgroup>
      <thead>
        <tr>
          <th>Requested</th>
          <th>By</th>
          <th>Status</th>
          <th>Wallet</th>
          <th className="num">Amount</th>
          <th>Destination</th>
          <th>{referenceTitle}</th>
          <th>Payout id</th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  )
}

/** The columns of `PayoutTable`, for a row that spans them all. */
export const PAYOUT_COLUMNS = 8

/** One payout, one line: the request time opens its detail; names are cut to their cell and whole in their title. */
export function PayoutRow({ line, testId, altered }: { line: PayoutLine; testId: string; altered?: boolean }) {
  const go = useNav((s) => s.go)
  const time = <Time value={line.createdAt} short />
  return (
    <tr data-testid={testId} className={altered ? 'altered' : undefined}>
      <td>
        {line.id ? (
          <button type="button" className="link" onClick={() => go('payouts', line.id!)}>
            {time}
          </button>
        ) : (
          time
        )}
      </td>
      <td className="small" data-testid="requested-by">
        {line.requestedBy ? <UserText>{line.requestedBy}</UserText> : null}
      </td>
      <td>
        <StatusChip status={line.status} since={line.createdAt} oneLine />
      </td>
      <td>{line.walletId ? <WalletRef id={line.walletId} inline /> : <span className="muted">—</span>}</td>
      <td className="num">
        <Amount value={line.amount} asset={line.asset} />
      </td>
      <td>
        <Party address={line.destination} network={line.network} what="destination address" inline />
      </td>
      <td data-testid="payout-reference">
        {line.reference ? <UserText>{line.reference}</UserText> : null}
        {line.note ? (
          <span className="muted small">
            {line.reference ? ' · ' : null}
            <UserText>{line.note}</UserText>
          </span>
        ) : null}
      </td>
      <td className="id-cell">
        {line.id ? (
          <ShortId value={line.id} what="payout id" short />
        ) : (
          <ShortId value={line.idempotencyKey ?? ''} what="Idempotency-Key" short />
        )}
      </td>
    </tr>
  )
}
