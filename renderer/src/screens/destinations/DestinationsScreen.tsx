import { untrustedForMatching } from '@shared/text/untrusted-text'
import type { CounterpartyView } from '@shared/ipc/views'
import { useCallback, useRef, useState } from 'react'
import { EmptyState } from '../../components/EmptyState'
import { Field } from '../../components/Field'
import { QueryView } from '../../components/QueryView'
import { useSlashFocus } from '../../components/useSlashFocus'
import { useDeskQuery } from '../../data/useDeskQuery'
import { useNav } from '../../stores/nav'
import { useCurrentProfile } from '../../data/profiles'
import { useCanWrite } from '../../components/CanWrite'
import { BookFilePanel } from './BookFilePanel'
import { DestinationDetail } from './DestinationDetail'
import { DestinationTable } from './DestinationTable'
import { ownerName } from '../../names/owner-name'
import { DestinationForm } from './DestinationForm'
import { useVerificationWatch } from '../../verification/useVerificationWatch'
import { UserText } from '../../names/UserText'
import { EscapeCloses } from '../../components/EscapeCloses'
import { ScreenHead } from '../../components/ScreenHead'

type Show = 'all' | 'verified' | 'waiting'

function matches(c: CounterpartyView, show: Show, query: string): boolean {
  if (show === 'verified' && !c.can_send) return false
  if (show === 'waiting' && c.can_send) return false
  if (!query) return true
  const q = query.toLowerCase()
  return [untrustedForMatching(c.label), untrustedForMatching(ownerName(c)), c.address, c.network_name]
    .concat(untrustedForMatching(c.vasp_name) ?? [])
    .some((s) => s.toLowerCase().includes(q))
}

function describeFilter(show: Show, query: string): string {
  const which = show === 'verified' ? 'is verified' : show === 'waiting' ? 'waits for verification' : ''
  const text = query ? `matches “${query}”` : ''
  return [which, text].filter(Boolean).join(' and ') || 'matches the filter'
}

export function DestinationsScreen() {
  const detailId = useNav((s) => s.detailId)
  useVerificationWatch()
  return detailId ? <DestinationDetail destinationId={detailId} /> : <DestinationBook />
}

function DestinationBook() {
  const testnet = useCurrentProfile()?.environment !== 'production'
  const list = useDeskQuery('counterparties.list', {})
  const [creating, setCreating] = useState(false)
  const [show, setShow] = useState<Show>('all')
  const [query, setQuery] = useState('')
  const searchRef = useRef<HTMLInputElement>(null)
  useSlashFocus(searchRef)
  const [outcome, setOutcome] = useState<{ counterparty: CounterpartyView; alreadyExists: boolean } | null>(null)
  const [fileOpen, setFileOpen] = useState(false)
  // A viewer's seat adds no destination (the core refuses it too).
  const canWrite = useCanWrite()
  const refetch = list.refetch
  const imported = useCallback(() => void refetch(), [refetch])

  return (
    <div>
      <ScreenHead>
        <h1>Destinations</h1>
        <span className="spacer" />
        <button type="button" onClick={() => void list.refetch()} disabled={list.isFetching}>
          Refresh
        </button>
        <button type="button" aria-expanded={fileOpen} onClick={() => setFileOpen((o) => !o)}>
          Export / Import
        </button>
        {canWrite ? (
          <button type="button" className="primary" onClick={() => setCreating(true)} disabled={creating}>
            New destination
          </button>
        ) : null}
      </ScreenHead>
      {fileOpen ? <BookFilePanel onImported={imported} /> : null}
      {fileOpen ? <EscapeCloses onClose={() => setFileOpen(false)} /> : null}
      {creating ? (
        <DestinationForm
          testnet={testnet}
          onCancel={() => setCreating(false)}
          onDone={(r) => {
            setOutcome(r)
            setCreating(false)
          }}
        />
      ) : null}
      {outcome ? (
        <p
          className={`notice ${outcome.alreadyExists ? 'warn' : 'good'}`}
          role="status"
          data-testid="destination-outcome"
        >
          {outcome.alreadyExists ? (
            <>
              This address is already in the book as “
              <UserText>{outcome.counterparty.label || ownerName(outcome.counterparty)}</UserText>”. Nothing was
              changed; destinations cannot be edited.
            </>
          ) : (
            <>
              Registered “<UserText>{outcome.counterparty.label || ownerName(outcome.counterparty)}</UserText>”. It can
              receive payouts once it is verified in the provider's console.
            </>
          )}
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
      <QueryView
        query={list}
        what="destinations"
        errorTitle="Destinations could not be read"
        isEmpty={(book) => book.length === 0}
        empty={
          <EmptyState title="The address book is empty">
            <p>Register a destination, then have it verified in the provider's console before paying to it.</p>
          </EmptyState>
        }
      >
        {(book) => (
          <DestinationTable rows={book.filter((c) => matches(c, show, query))} filter={describeFilter(show, query)} />
        )}
      </QueryView>
    </div>
  )
}
