import { useCallback, useEffect, useState } from 'react'
import { EmptyState } from '../../components/EmptyState'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { WalletFilter } from '../../components/WalletFilter'
import { Loading } from '../../components/Loading'
import { useDeskQuery } from '../../data/useDeskQuery'
import type { TransactionLeg } from '../../../../shared/api/resources'
import { useNav } from '../../stores/nav'
import { useProfiles } from '../../stores/profiles'
import { ExportPanel } from './ExportPanel'
import { LedgerStatusLine } from './LedgerStatusLine'
import { useTx, type TxFilter } from './tx-store'
import { TxDetail } from './TxDetail'
import { TxTable } from './TxTable'

/** `datetime-local` text (local time) to an ISO instant, or null when empty or invalid. */
function toIso(local: string): string | null {
  if (!local) return null
  const d = new Date(local)
  return Number.isNaN(d.getTime()) ? null : d.toISOString()
}

/** The filter in words, for the empty state: which wallet, from when, until when. */
function describeFilter(wallet: string | null, after: string, before: string): string {
  const parts = [wallet ? `in wallet “${wallet}”` : 'in any wallet', after ? `recorded from ${after.replace('T', ' ')}` : '', before ? `until ${before.replace('T', ' ')}` : '']
  return parts.filter(Boolean).join(' ')
}

export function TransactionsScreen() {
  const initialWallet = useNav((s) => s.detailId)
  const profileId = useProfiles((s) => s.current?.id ?? null)
  const { rows, loading, error, done, loadMore, open, reset, filter } = useTx()
  const wallets = useDeskQuery('wallets.list', {})
  const [walletId, setWalletId] = useState(initialWallet ?? '')
  const [after, setAfter] = useState('')
  const [before, setBefore] = useState('')
  const [selected, setSelected] = useState<{ id: string; key: string } | null>(null)
  const rangeProblem = after && before && toIso(after)! >= toIso(before)! ? 'The start must be before the end.' : null

  useEffect(() => {
    if (rangeProblem) return
    const next: TxFilter = { walletId: walletId || null, after: toIso(after), before: toIso(before) }
    open(profileId, next)
  }, [profileId, walletId, after, before, rangeProblem, open])

  const choose = useCallback((t: TransactionLeg) => setSelected({ id: t.id, key: `${t.id}|${t.direction}` }), [])
  const more = useCallback(() => {
    if (!useTx.getState().error) void loadMore()
  }, [loadMore])

  return (
    <div>
      <div className="screen-head">
        <h1>Transactions</h1>
        <span className="spacer" />
        <span className="muted small" data-testid="tx-count">
          {rows.length} loaded{done ? ' (all)' : ''}
        </span>
        <button type="button" onClick={() => reset(filter)}>
          Refresh
        </button>
      </div>
      <div className="row" role="search" aria-label="Filter transactions">
        <WalletFilter wallets={wallets.data} value={walletId} onChange={setWalletId} />
        <Field label="Recorded from">
          <input type="datetime-local" value={after} onChange={(e) => setAfter(e.target.value)} />
        </Field>
        <Field label="Recorded until" error={rangeProblem}>
          <input type="datetime-local" value={before} onChange={(e) => setBefore(e.target.value)} />
        </Field>
      </div>
      <LedgerStatusLine />
      {rangeProblem ? (
        // Rows of the previous filter would answer a question the user no longer asks.
        <p className="muted" data-testid="tx-invalid-filter">
          Nothing is shown until the recorded-time range is valid.
        </p>
      ) : (
        <>
          <ExportPanel filter={filter} />
          <div className={selected ? 'split' : undefined}>
            <div>
              {rows.length > 0 ? (
                <TxTable
                  rows={rows}
                  selected={selected?.key ?? null}
                  hasMore={!done}
                  onNearEnd={more}
                  onSelect={choose}
                />
              ) : null}
              {error ? <ErrorBox error={error} title="Transactions could not be read" onRetry={() => void loadMore()} /> : null}
              {loading && rows.length === 0 ? <Loading what="transactions" /> : null}
              {done && rows.length === 0 && !error ? (
                <EmptyState title={`No movements ${describeFilter(wallets.data?.find((w) => w.id === walletId)?.name ?? null, after, before)}`}>
                  <p>Widen the recorded-time range or choose another wallet. Deposits show up here once the provider records them.</p>
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
