import type { CounterpartyView } from '@shared/ipc/views'
import { ShortId } from '../../components/ShortId'
import { useDeskQuery } from '../../data/useDeskQuery'
import { countryName } from './countries'
import { UserText } from '../../names/UserText'
import { useNav } from '../../stores/nav'
import { ownerName } from '../../names/owner-name'

/** The destination book as filtered on screen; `filter` says in words what the filter asks, for the empty case. */
export function DestinationTable({ rows, filter }: { rows: CounterpartyView[]; filter: string }) {
  const go = useNav((s) => s.go)
  const lists = useDeskQuery('screening.status', {})
  const hits = useDeskQuery('screening.hits', {}, { enabled: (lists.data?.length ?? 0) > 0, staleTime: 30_000 })
  const listed = new Map((hits.data?.findings.destinations ?? []).map((d) => [d.id, d]))
  if (rows.length === 0)
    return (
      <p className="muted" data-testid="destinations-empty">
        No destination {filter}.
      </p>
    )
  return (
    <table className="grid destination-table" aria-label="Destinations">
      <thead>
        <tr>
          <th>Label</th>
          <th>Owner</th>
          <th>Custody</th>
          <th>Network</th>
          <th>Address</th>
          <th>Country</th>
          <th>Can send</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((c) => (
          <tr key={c.id} data-testid="destination-row">
            <td>
              <button type="button" className="link" onClick={() => go('destinations', c.id)}>
                {c.label ? <UserText>{c.label}</UserText> : 'No label'}
              </button>
            </td>
            <td>
              <UserText>{ownerName(c)}</UserText>
            </td>
            <td>
              {c.wallet_type === 'vasp' ? (
                <UserText>{c.vasp_name ?? ''}</UserText>
              ) : (
                <span className="muted">Self-hosted</span>
              )}
            </td>
            <td>{c.network_name}</td>
            <td className="id-cell">
              <ShortId value={c.address} what="address" short network={c.network} />
            </td>
            <td>{countryName(c.country)}</td>
            <td>
              {listed.has(c.id) ? (
                <span className="chip chip-bad" data-testid="destination-listed">
                  Listed: <UserText>{listed.get(c.id)!.list}</UserText> (<UserText>{listed.get(c.id)!.entry}</UserText>)
                </span>
              ) : null}{' '}
              {c.can_send ? (
                <span className="chip chip-good">Verified</span>
              ) : (
                <span className="chip chip-wait" title="Waiting for verification in the console">
                  Waiting<span className="sr-only"> for verification in the console</span>
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
