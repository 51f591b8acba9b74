import { useState } from 'react'
import type { HeldPayoutView } from '@shared/ipc/channels/policy'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useDeskQuery } from '../../data/useDeskQuery'
import { Amount } from '../../components/Amount'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ErrorBox } from '../../components/ErrorBox'
import { usePaged } from '../../components/Paged'
import { ShortId } from '../../components/ShortId'
import { Time } from '../../components/Time'
import { useAction } from '../../components/useAction'
import { UserText } from '../../names/UserText'
import { HeldExpirySetting } from './HeldExpirySetting'
import { CanWrite } from '../../components/CanWrite'
import { HOLD_RULE_WORDS } from '../../format/hold-rule'
import { networkName } from '../../format/network-name'

type Acting = { kind: 'release' | 'reject'; entry: HeldPayoutView }

/**
 * "Held for you": the agent's payouts the policy held; a person releases one (sent under the agent's key) or rejects
 * it.
 */
export function HeldPanel() {
  const held = useDeskQuery('held.list', {})
  const release = useDeskMutation('held.release')
  const reject = useDeskMutation('held.reject')
  const [acting, setActing] = useState<Acting | null>(null)
  const [reason, setReason] = useState('')
  const action = useAction()
  const { busy, error } = action
  /** A release the provider did not accept: the entry stays in the outbox (refused or unknown) with its reason. */
  const [notAccepted, setNotAccepted] = useState<string | null>(null)
  // The cache re-reads the list on every outbox change (desk-events), also one made by the connector.
  const retry = () => void held.refetch()

  const act = async (a: Acting) => {
    setNotAccepted(null)
    const done = await action.run(async () => {
      if (a.kind === 'release') {
        const r = await release.mutateAsync({ idempotencyKey: a.entry.idempotencyKey })
        if (!r.withdrawal)
          setNotAccepted(
            `Released, but the provider did not accept it (${r.entry.state}): ${r.entry.error?.message ?? 'no answer'}`,
          )
      } else {
        await reject.mutateAsync({ idempotencyKey: a.entry.idempotencyKey, reason })
      }
      return true
    })
    if (!done) return
    setActing(null)
    setReason('')
    retry()
  }

  const rows = held.data ?? []
  const page = usePaged(rows, 20, 'held payouts')
  if (held.error) return <ErrorBox error={held.error} title="Held payouts could not be read" onRetry={retry} />
  const outcome = notAccepted ? (
    <p className="notice prod" role="alert">
      {notAccepted}
    </p>
  ) : null
  if (rows.length === 0) return outcome

  return (
    <section className="panel notice warn" aria-label="Held for you" data-testid="held">
      <h2>Held for you ({rows.length})</h2>
      <p className="small">
        The agent asked for these payouts and the profile's policy holds them for a person. Nothing has been sent yet.
      </p>
      <CanWrite admin>
        <HeldExpirySetting />
      </CanWrite>
      {error ? <ErrorBox error={error} /> : null}
      {outcome}
      {page.pager}
      <table className="grid">
        <thead>
          <tr>
            <th>Asked</th>
            <th className="num">Amount</th>
            <th>From wallet</th>
            <th>Destination</th>
            <th>Network</th>
            <th>Held by</th>
            <th>Idempotency-Key</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {page.rows.map((e) => (
            <tr key={e.idempotencyKey} data-testid="held-row">
              <td className="small">
                <Time value={e.createdAt} />
                <br />
                <span className="muted">
                  <UserText>{e.requestedBy}</UserText>
                </span>
                <br />
                <span data-testid="held-expires">
                  expires <Time value={e.expiresAt} />
                </span>
              </td>
              <td className="num">
                <Amount value={e.body.amount} asset={e.body.asset} />
              </td>
              <td>
                {e.hold ? <UserText>{e.hold.walletName}</UserText> : null}{' '}
                <ShortId value={e.body.wallet_id} what="wallet id" short />
              </td>
              <td>
                {e.hold ? (
                  <>
                    <UserText>{e.hold.destinationName}</UserText>{' '}
                    <ShortId value={e.hold.destinationAddress} what="destination address" />
                    <br />
                    <span className="small muted">
                      verified {e.hold.verifiedAt ? <Time value={e.hold.verifiedAt} /> : 'never'}
                    </span>
                  </>
                ) : (
                  <ShortId value={e.body.destination} what="destination address" />
                )}
              </td>
              <td className="small">
                {networkName(e.hold?.network ?? e.body.network ?? '—')}
                {e.body.fee_priority ? ` · fee ${e.body.fee_priority}` : ''}
              </td>
              <td className="small">
                {e.hold ? HOLD_RULE_WORDS[e.hold.rule] : 'not checked (held by an older version)'}
              </td>
              <td>
                <ShortId value={e.idempotencyKey} what="idempotency key" short />
              </td>
              <td>
                <div className="row">
                  <CanWrite>
                    <button type="button" disabled={busy} onClick={() => setActing({ kind: 'release', entry: e })}>
                      Release
                    </button>
                    <button type="button" disabled={busy} onClick={() => setActing({ kind: 'reject', entry: e })}>
                      Reject
                    </button>
                  </CanWrite>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {acting?.kind === 'release' ? (
        <ConfirmDialog
          title="Release this payout?"
          confirmLabel="Release and send"
          busy={busy}
          onClose={() => setActing(null)}
          onConfirm={() => void act(acting)}
        >
          <ReleaseFacts entry={acting.entry} />
        </ConfirmDialog>
      ) : null}
      {acting?.kind === 'reject' ? (
        <ConfirmDialog
          title="Reject this payout?"
          confirmLabel="Reject"
          danger
          busy={busy || reason.trim() === ''}
          onClose={() => setActing(null)}
          onConfirm={() => void act(acting)}
        >
          <p>Nothing is sent. The agent sees your reason when it asks again with this key.</p>
          <label className="field">
            Reason
            <textarea value={reason} maxLength={500} onChange={(ev) => setReason(ev.target.value)} />
          </label>
        </ConfirmDialog>
      ) : null}
    </section>
  )
}

/**
 * What a release sends, as checked when the agent asked: the person decides on the wallet, destination and network it
 * pays.
 */
function ReleaseFacts({ entry }: { entry: HeldPayoutView }) {
  const { body, hold } = entry
  return (
    <>
      {hold ? (
        <dl className="facts" data-testid="release-facts">
          <dt>Amount</dt>
          <dd>
            <Amount value={body.amount} asset={body.asset} />
          </dd>
          <dt>From wallet</dt>
          <dd>
            <UserText>{hold.walletName}</UserText> <code className="mono">{body.wallet_id}</code>
          </dd>
          <dt>To</dt>
          <dd>
            <UserText>{hold.destinationName}</UserText> <code className="mono">{hold.destinationAddress}</code>
          </dd>
          <dt>Network</dt>
          <dd>{networkName(hold.network)}</dd>
          <dt>Verified</dt>
          <dd>{hold.verifiedAt ? <Time value={hold.verifiedAt} /> : 'never'}</dd>
          <dt>Held by</dt>
          <dd>
            {HOLD_RULE_WORDS[hold.rule]}: {hold.message}
          </dd>
        </dl>
      ) : (
        <p className="notice warn">
          This payout was held before agent requests were checked first:{' '}
          <Amount value={body.amount} asset={body.asset} /> to <code className="mono">{body.destination}</code> on{' '}
          {body.network ?? 'the network the provider picks'}. Check it before releasing.
        </p>
      )}
      <p>
        It is sent under the agent's Idempotency-Key. It then waits for approval in the provider's console like every
        payout.
      </p>
    </>
  )
}
