import { useEffect, useRef, useState } from 'react'
import { WITHDRAWAL_STATUSES, type Withdrawal } from '../../../../shared/api/resources'
import { call, on } from '../../desk'
import { Amount } from '../../components/Amount'
import { EmptyState } from '../../components/EmptyState'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { WalletFilter } from '../../components/WalletFilter'
import { Loading } from '../../components/Loading'
import { ShortId } from '../../components/ShortId'
import { StatusChip, statusLabel } from '../../components/StatusChip'
import { useRead } from '../../components/useRead'
import { useSlashFocus } from '../../components/useSlashFocus'
import { useNav } from '../../stores/nav'
import { formatTime } from '../transactions/format'

/** Every payout of the profile (the core follows the offset pages and dedupes), with live status changes. */
export function WithdrawalList({ reloadTick }: { reloadTick: number }) {
  const go = useNav((s) => s.go)
  const wallets = useRead(() => call('wallets.list', {}), [])
  const [walletId, setWalletId] = useState('')
  const searchRef = useRef<HTMLInputElement>(null)
  useSlashFocus(searchRef)
  const [status, setStatus] = useState('')
  const [key, setKey] = useState('')
  const [search, setSearch] = useState('')
  const list = useRead(
    () =>
      call('withdrawals.list', {
        ...(walletId ? { wallet_id: walletId } : {}),
        ...(search ? { idempotency_key: search } : {}),
      }),
    [walletId, search, reloadTick],
  )
  const [updates, setUpdates] = useState<Record<string, Withdrawal>>({})
  useEffect(() => on('withdrawal.updated', (e) => setUpdates((u) => ({ ...u, [e.withdrawal.id]: e.withdrawal }))), [])

  const rows = (list.data ?? []).map((w) => {
    const u = updates[w.id]
    return u && u.updated_at >= w.updated_at ? u : w
  })
  const shown = rows.filter((w) => !status || w.status === status)
  const walletName = (id: string) => wallets.data?.find((w) => w.id === id)?.name ?? id

  return (
    <section aria-label="Payout list">
      <form
        className="row"
        role="search"
        aria-label="Filter payouts"
        onSubmit={(e) => {
          e.preventDefault()
          setSearch(key.trim())
        }}
      >
        <WalletFilter wallets={wallets.data} value={walletId} onChange={setWalletId} />
        <Field label="Status">
          <select value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">Any status</option>
            {WITHDRAWAL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Idempotency-Key">
          <input
            ref={searchRef}
            className="mono"
            value={key}
            maxLength={128}
            onChange={(e) => setKey(e.target.value)}
            placeholder="exact key  ( / )"
            aria-keyshortcuts="/"
          />
        </Field>
        <button type="submit">Search</button>
        {search ? (
          <button
            type="button"
            onClick={() => {
              setKey('')
              setSearch('')
            }}
          >
            Clear
          </button>
        ) : null}
      </form>
      {list.error ? <ErrorBox error={list.error} title="Payouts could not be read" onRetry={list.retry} /> : null}
      {list.loading && !list.data ? <Loading what="payouts" /> : null}
      {list.data && shown.length === 0 ? (
        <EmptyState title={rows.length === 0 ? 'No payouts yet' : 'No payout matches the filter'}>
          {rows.length === 0 ? <p>Request one with “New payout”; it then waits for approval in the provider's console.</p> : null}
        </EmptyState>
      ) : null}
      {shown.length > 0 ? (
        <table className="grid" aria-label="Payouts">
          <thead>
            <tr>
              <th>Requested</th>
              <th>Status</th>
              <th>Wallet</th>
              <th className="num">Amount</th>
              <th>Destination</th>
              <th>Payout id</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((w) => (
              <tr key={w.id} data-testid="payout-row">
                <td className="small">
                  <button type="button" className="link" onClick={() => go('payouts', w.id)}>
                    {formatTime(w.created_at)}
                  </button>
                </td>
                <td>
                  <StatusChip status={w.status} />
                </td>
                <td>{walletName(w.wallet_id)}</td>
                <td className="num">
                  <Amount value={w.amount} asset={w.asset} />
                </td>
                <td>
                  <ShortId value={w.destination} what="destination address" short />
                </td>
                <td>
                  <ShortId value={w.id} what="payout id" short />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  )
}
