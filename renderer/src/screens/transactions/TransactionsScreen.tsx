import { TimeZoneToggle } from '../../shell/TimeZoneToggle'
import { shown } from '@shared/text/visible-text'
import type { LedgerRowView } from '@shared/ipc/views'
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react'
import { EmptyState } from '../../components/EmptyState'
import { ErrorBox } from '../../components/ErrorBox'
import { Loading } from '../../components/Loading'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useDeskQuery } from '../../data/useDeskQuery'
import { useLedgerRows } from '../../data/ledger-rows'
import { useNav } from '../../stores/nav'
import { useTimeZone } from '../../stores/time-zone'
import { inputFromIso } from '../../format/zoned-input'
import { ColumnChooser } from './ColumnChooser'
import { ExportPanel } from './ExportPanel'
import { EMPTY_DRAFT, describeFilter, toLedgerFilter, type FilterDraft } from './ledger-filter'
import { LedgerFilters } from './LedgerFilters'
import { LedgerStatusLine } from './LedgerStatusLine'
import { ReportPanel } from './ReportPanel'
import { TxDetail } from '../../ledger/TxDetail'
import { TxTable } from './TxTable'
import { EscapeCloses } from '../../components/EscapeCloses'
import { NoticeSlot, ScreenHead } from '../../components/ScreenHead'

/** A visit asks the provider for what is new unless the ledger was synced this recently. */
const FRESH_MS = 30_000

export function TransactionsScreen() {
  const initialWallet = useNav((s) => s.detailId)
  const wallets = useDeskQuery('wallets.list', {})
  const summary = useDeskQuery('history.summary', {})
  const { mutateAsync: startSync } = useDeskMutation('history.sync')
  const [draft, setDraft] = useState<FilterDraft>({ ...EMPTY_DRAFT, walletId: initialWallet ?? '' })
  // Typing in the search box re-renders at once; the query follows the deferred text.
  const deferredDraft = useDeferredValue(draft)
  const asked = useMemo(() => toLedgerFilter(deferredDraft), [deferredDraft])
  const [selected, setSelected] = useState<{ id: string; key: string } | null>(null)
  const [reporting, setReporting] = useState(false)
  const syncAsked = useRef(false)
  // Kept fresh by the core's history events (data/desk-events.ts); nothing is read while the filter is not valid.
  const { rows, loading, error, done, outdated, loadMore, reload } = useLedgerRows(
    asked.filter ?? {},
    asked.filter !== null,
  )

  // Opening the screen asks the provider for what is new, unless a sync just ran or the user paused it.
  useEffect(() => {
    const s = summary.data
    if (!s || syncAsked.current) return
    syncAsked.current = true
    const recent = s.ledger.syncedAt !== null && Date.now() - Date.parse(s.ledger.syncedAt) < FRESH_MS
    if (s.sync.state !== 'running' && s.sync.state !== 'paused' && !recent) void startSync({}).catch(() => undefined)
  }, [summary.data, startSync])

  const change = useCallback((c: Partial<FilterDraft>) => setDraft((d) => ({ ...d, ...c })), [])
  const choose = useCallback((t: LedgerRowView) => setSelected({ id: t.id, key: `${t.id}|${t.direction}` }), [])
  const more = () => {
    if (!error) loadMore()
  }
  const zone = useTimeZone((s) => s.zone)
  // The empty state names times as the filter fields show them.
  const asTyped = (iso: string) => `${inputFromIso(iso, zone).replace('T', ' ')}${zone === 'utc' ? ' UTC' : ''}`
  const wallet = wallets.data?.find((w) => w.id === draft.walletId)
  const walletName = wallet ? shown(wallet.name) : null
  const currentProblems = toLedgerFilter(draft).problems

  return (
    <div>
      {/* With a transaction's panel open, notices show above the table, not above the panel (issue 54). */}
      <ScreenHead notices={!selected}>
        <h1>Transactions</h1>
        <span className="spacer" />
        {/* Here as well as in Preferences: the filters below take times typed in the zone it sets. */}
        <TimeZoneToggle />
        <span className="muted small" data-testid="tx-count">
          {rows.length.toLocaleString()} loaded{done ? ' (all)' : ''}
        </span>
        <ColumnChooser showWallet={!draft.walletId} />
        <button type="button" aria-expanded={reporting} onClick={() => setReporting((r) => !r)}>
          {reporting ? 'Hide report' : 'Reconciliation report'}
        </button>
      </ScreenHead>
      {summary.data ? <LedgerStatusLine summary={summary.data} /> : null}
      {summary.error && !summary.data ? (
        <ErrorBox error={summary.error} title="The ledger could not be read" onRetry={() => void summary.refetch()} />
      ) : null}
      <LedgerFilters
        draft={draft}
        problems={currentProblems}
        wallets={wallets.data}
        onChange={change}
        onClear={() => setDraft(EMPTY_DRAFT)}
        time={asTyped}
        exportMenu={currentProblems ? undefined : <ExportPanel filter={asked.filter ?? {}} />}
      />
      {reporting ? (
        <ReportPanel
          walletId={draft.walletId}
          from={draft.from}
          to={draft.to}
          syncedAt={summary.data?.ledger.syncedAt ?? null}
        />
      ) : null}
      {reporting ? <EscapeCloses onClose={() => setReporting(false)} /> : null}
      {currentProblems ? (
        // Rows of the previous filter would answer a question the user no longer asks.
        <p className="muted" data-testid="tx-invalid-filter">
          Nothing is shown until the filter is valid.
        </p>
      ) : (
        <>
          <div className={selected ? 'split' : undefined}>
            <div>
              {selected ? <NoticeSlot /> : null}
              {outdated ? (
                <p className="notice" role="status">
                  The sync added movements since this list was read.{' '}
                  <button type="button" onClick={reload}>
                    Show them
                  </button>
                </p>
              ) : null}
              {rows.length > 0 ? (
                <TxTable
                  rows={rows}
                  selected={selected?.key ?? null}
                  hasMore={!done}
                  showWallet={!draft.walletId}
                  onNearEnd={more}
                  onSelect={choose}
                />
              ) : null}
              {error ? <ErrorBox error={error} title="The ledger could not be read" onRetry={loadMore} /> : null}
              {loading && rows.length === 0 ? <Loading what="transactions" paced /> : null}
              {done && rows.length === 0 && !error ? (
                <EmptyState title={`No movements ${describeFilter(draft, walletName, asTyped)}`}>
                  <p>
                    {summary.data?.ledger.complete
                      ? 'The ledger holds the whole history synced so far; widen or clear the filters.'
                      : 'The ledger is not complete yet: movements appear here as the sync reads them.'}
                  </p>
                </EmptyState>
              ) : null}
            </div>
            {selected ? <TxDetail transactionId={selected.id} onClose={() => setSelected(null)} /> : null}
          </div>
        </>
      )}
    </div>
  )
}
