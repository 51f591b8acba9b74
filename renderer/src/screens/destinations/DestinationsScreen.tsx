import { useRef, useState } from 'react'
import type { Counterparty } from '../../../../shared/api/resources'
import { call } from '../../desk'
import { EmptyState } from '../../components/EmptyState'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { Loading } from '../../components/Loading'
import { ShortId } from '../../components/ShortId'
import { useRead } from '../../components/useRead'
import { useSlashFocus } from '../../components/useSlashFocus'
import { useProfiles } from '../../stores/profiles'
import { countryName } from './countries'
import { DestinationForm } from './DestinationForm'

type Show = 'all' | 'verified' | 'waiting'

export function ownerName(c: Counterparty): string {
  return c.counterparty_type === 'company' ? (c.company_name ?? '') : `${c.first_name ?? ''} ${c.last_name ?? ''}`.trim()
}

function matches(c: Counterparty, show: Show, query: string): boolean {
  if (show === 'verified' && !c.can_send) return false
  if (show === 'waiting' && c.can_send) return false
  if (!query) return true
  const q = query.toLowerCase()
  return [c.label, ownerName(c), c.address, c.network_name, c.vasp_name ?? ''].some((s) => s.toLowerCase().includes(q))
}

export function DestinationsScreen() {
  const testnet = useProfiles((s) => s.current?.environment !== 'production')
  const list = useRead(() => call('counterparties.list', {}), [])
  const [creating, setCreating] = useState(false)
  const [show, setShow] = useState<Show>('all')
  const [query, setQuery] = useState('')
  const searchRef = useRef<HTMLInputElement>(null)
  useSlashFocus(searchRef)
  const [outcome, setOutcome] = useState<{ counterparty: Counterparty; alreadyExists: boolean } | null>(null)
  const rows = list.data?.filter((c) => matches(c, show, query)) ?? []

  return (
    <div>
      <div className="screen-head">
        <h1>Destinations</h1>
        <span className="spacer" />
        <button type="button" onClick={list.retry} disabled={list.loading}>
          Refresh
        </button>
        <button type="button" className="primary" onClick={() => setCreating(true)} disabled={creating}>
          New destination
        </button>
      </div>
      {creating ? (
        <DestinationForm
          testnet={testnet}
          onCancel={() => setCreating(false)}
          onDone={(r) => {
            setOutcome(r)
            setCreating(false)
            list.retry()
          }}
        />
      ) : null}
      {outcome ? (
        <p className={`notice ${outcome.alreadyExists ? 'warn' : 'good'}`} role="status" data-testid="destination-outcome">
          {outcome.alreadyExists
            ? `This address is already in the book as “${outcome.counterparty.label || ownerName(outcome.counterparty)}”. Nothing was changed; destinations cannot be edited.`
            : `Registered “${outcome.counterparty.label || ownerName(outcome.counterparty)}”. It can receive payouts once it is verified in the provider's console.`}
        </p>
      ) : null}
      <div className="row" role="search" aria-label="Filter destinations">
        <Field label="Show">
          <select value={show} onChange={(e) => setShow(e.target.value as Show)}>
            <option value="all">All</option>
            <option value="verified">Verified</option>
            <option value="waiting">Waiting for verification</option>
          </select>
        </Field>
        <Field label="Search">
          <input
            ref={searchRef}
            type="search"
            value={query}
            placeholder="Label, name or address  ( / )"
            aria-keyshortcuts="/"
            onChange={(e) => setQuery(e.target.value)}
          />
        </Field>
      </div>
      {list.error ? <ErrorBox error={list.error} title="Destinations could not be read" onRetry={list.retry} /> : null}
      {list.loading && !list.data ? <Loading what="destinations" /> : null}
      {list.data && list.data.length === 0 ? (
        <EmptyState title="The address book is empty">
          <p>Register a destination, then have it verified in the provider's console before paying to it.</p>
        </EmptyState>
      ) : null}
      {list.data && list.data.length > 0 && rows.length === 0 ? <p className="muted">No destination matches the filter.</p> : null}
      {rows.length > 0 ? (
        <table className="grid" aria-label="Destinations">
          <thead>
            <tr>
              <th>Label</th>
              <th>Owner</th>
              <th>Network</th>
              <th>Address</th>
              <th>Country</th>
              <th>Can send</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.id} data-testid="destination-row">
                <td>{c.label || <span className="muted">—</span>}</td>
                <td>
                  {ownerName(c)}
                  {c.wallet_type === 'vasp' ? <div className="muted small">at {c.vasp_name}</div> : <div className="muted small">self-hosted</div>}
                </td>
                <td>{c.network_name}</td>
                <td>
                  <ShortId value={c.address} what="address" short />
                </td>
                <td>{countryName(c.country)}</td>
                <td>
                  {c.can_send ? (
                    <span className="chip chip-good">Verified</span>
                  ) : (
                    <span className="chip chip-wait">Waiting for verification in the console</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  )
}
