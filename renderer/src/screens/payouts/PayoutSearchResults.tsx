import type { PayoutHitView } from '@shared/payouts/payout-search'
import { findNetwork } from '@shared/api/networks'
import { shown } from '@shared/text/visible-text'
import { Amount } from '../../components/Amount'
import { EmptyState } from '../../components/EmptyState'
import { QueryView } from '../../components/QueryView'
import { ShortId } from '../../components/ShortId'
import { StatusChip } from '../../components/StatusChip'
import { Time } from '../../components/Time'
import { useDeskQuery } from '../../data/useDeskQuery'
import { UserText } from '../../names/UserText'
import { useNav } from '../../stores/nav'

const REQUESTER: Record<PayoutHitView['requester'], string> = {
  person: 'Person',
  cli: 'CLI',
  agent: 'Agent',
  unknown: '—',
}

/** Payouts the store knows that match the search box and the days, newest first (at most 200). */
export function PayoutSearchResults({ text, from, to }: { text: string; from: string; to: string }) {
  const go = useNav((s) => s.go)
  const hits = useDeskQuery('payouts.search', { text, ...(from ? { from } : {}), ...(to ? { to } : {}) })
  return (
    <QueryView query={hits} what="matching payouts" errorTitle="The search failed">
      {(rows) =>
        rows.length === 0 ? (
          <EmptyState title="No payout matches the search" />
        ) : (
          <table className="grid" aria-label="Matching payouts">
            <thead>
              <tr>
                <th>Requested</th>
                <th>Status</th>
                <th className="num">Amount</th>
                <th>Destination</th>
                <th>By</th>
                <th>Reference and note</th>
                <th>Payout id</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((h) => (
                <tr key={h.payoutId ?? h.idempotencyKey} data-testid="search-row">
                  <td className="small">
                    {h.payoutId ? (
                      <button type="button" className="link" onClick={() => go('payouts', h.payoutId!)}>
                        <Time value={h.createdAt} />
                      </button>
                    ) : (
                      <Time value={h.createdAt} />
                    )}
                  </td>
                  <td>
                    <StatusChip status={h.status} />
                  </td>
                  <td className="num">
                    <Amount value={h.amount} asset={h.asset} />
                    {h.network ? (
                      <div className="muted small">
                        <UserText>{findNetwork(h.network)?.name ?? h.network}</UserText>
                      </div>
                    ) : null}
                  </td>
                  <td className="wrap-cell">
                    {h.destinationName ? (
                      <div>
                        <UserText>{h.destinationName}</UserText>
                      </div>
                    ) : null}
                    <span className="mono small">
                      <UserText>{h.address}</UserText>
                    </span>
                  </td>
                  <td title={h.requestedBy ? shown(h.requestedBy) : undefined}>{REQUESTER[h.requester]}</td>
                  <td className="wrap-cell">
                    {h.reference ? (
                      <div>
                        <UserText>{h.reference}</UserText>
                      </div>
                    ) : null}
                    {h.note ? (
                      <div className="muted small">
                        <UserText>{h.note}</UserText>
                      </div>
                    ) : null}
                  </td>
                  <td>
                    {h.payoutId ? (
                      <ShortId value={h.payoutId} what="payout id" short />
                    ) : (
                      <ShortId value={h.idempotencyKey ?? ''} what="Idempotency-Key" short />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
    </QueryView>
  )
}
