import { useEffect, useState } from 'react'
import type { Withdrawal } from '../../../../shared/api/resources'
import { findNetwork } from '../../../../shared/api/networks'
import { asDeskError, call, on, type DeskCallError } from '../../desk'
import { Amount } from '../../components/Amount'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ErrorBox } from '../../components/ErrorBox'
import { Loading } from '../../components/Loading'
import { ShortId } from '../../components/ShortId'
import { StatusChip } from '../../components/StatusChip'
import { useRead } from '../../components/useRead'
import { useNav } from '../../stores/nav'
import { formatTime } from '../transactions/format'
import { Timeline } from './Timeline'

const NOT_CANCELLABLE =
  'This payout can no longer be cancelled: it has already moved past "pending approval" (someone approved, rejected or processed it in the console). Only an approver can stop it now, in the provider\'s console.'

/** One payout as `GET /withdrawals/{id}` last told it, kept live by the core's poller. */
export function PayoutDetail({ withdrawalId }: { withdrawalId: string }) {
  const go = useNav((s) => s.go)
  const read = useRead(() => call('withdrawals.get', { withdrawalId }), [withdrawalId])
  const [live, setLive] = useState<{ withdrawal: Withdrawal; stale: boolean } | null>(null)
  const [confirm, setConfirm] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<DeskCallError | null>(null)

  useEffect(() => {
    setLive(null)
    return on('withdrawal.updated', (e) => {
      if (e.withdrawal.id === withdrawalId) setLive({ withdrawal: e.withdrawal, stale: e.stale })
    })
  }, [withdrawalId])

  const view = live ?? read.data ?? null
  const w = view?.withdrawal

  const cancel = async () => {
    setBusy(true)
    setError(null)
    try {
      const updated = await call('withdrawals.cancel', { withdrawalId })
      setLive({ withdrawal: updated, stale: false })
    } catch (err) {
      const e = asDeskError(err)
      setError(e.code === 'withdrawal_not_cancellable' ? Object.assign(e, { message: NOT_CANCELLABLE }) : e)
      read.retry()
      setLive(null)
    } finally {
      setBusy(false)
      setConfirm(false)
    }
  }

  return (
    <div>
      <div className="screen-head">
        <button type="button" onClick={() => go('payouts')}>
          ← Payouts
        </button>
        <h1>Payout</h1>
        {w ? <StatusChip status={w.status} /> : null}
        {view?.stale ? (
          <span className="chip chip-wait" title="The provider answered from a cache that may be behind" data-testid="stale">
            stale
          </span>
        ) : null}
        <span className="spacer" />
        <button
          type="button"
          onClick={() => {
            setLive(null)
            read.retry()
          }}
        >
          Refresh
        </button>
        {w?.status === 'pending_approval' ? (
          <button type="button" className="danger" onClick={() => setConfirm(true)}>
            Cancel payout
          </button>
        ) : null}
      </div>
      {read.error && !live ? <ErrorBox error={read.error} title="This payout could not be read" onRetry={read.retry} /> : null}
      {read.loading && !view ? <Loading what="the payout" /> : null}
      {error ? <ErrorBox error={error} title={error.code === 'withdrawal_not_cancellable' ? 'Not cancelled' : 'The cancel failed'} /> : null}
      {w ? (
        <div className="split">
          <div className="panel">
            <dl className="facts">
              <dt>Payout id</dt>
              <dd>
                <ShortId value={w.id} what="payout id" />
              </dd>
              <dt>Amount</dt>
              <dd>
                <Amount value={w.amount} asset={w.asset} />
              </dd>
              <dt>Network</dt>
              <dd>{findNetwork(w.network)?.name ?? w.network}</dd>
              <dt>Destination</dt>
              <dd>
                <ShortId value={w.destination} what="destination address" />
              </dd>
              <dt>Wallet</dt>
              <dd>
                <ShortId value={w.wallet_id} what="wallet id" short />
              </dd>
              <dt>Requested</dt>
              <dd>{formatTime(w.created_at)}</dd>
              <dt>Last change</dt>
              <dd>{formatTime(w.updated_at)}</dd>
              <dt>Tx hash</dt>
              <dd data-testid="tx-hash">
                {w.tx_hash ? <ShortId value={w.tx_hash} what="transaction hash" /> : <span className="muted">not on chain yet</span>}
              </dd>
            </dl>
          </div>
          <div className="panel">
            <h3>Lifecycle</h3>
            <Timeline status={w.status} />
          </div>
        </div>
      ) : null}
      {confirm && w ? (
        <ConfirmDialog title="Cancel this payout?" confirmLabel="Cancel payout" danger busy={busy} onClose={() => setConfirm(false)} onConfirm={() => void cancel()}>
          <p>
            The request for <Amount value={w.amount} asset={w.asset} /> is withdrawn before anyone approves it. This cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  )
}
