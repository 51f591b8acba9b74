import { useState } from 'react'
import type { HeldPayoutView } from '@shared/ipc/channels/policy'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useDeskQuery } from '../../data/useDeskQuery'
import { Amount, fractionSlot, moneyWidth } from '../../components/Amount'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ErrorBox } from '../../components/ErrorBox'
import { usePaged } from '../../components/Paged'
import { Time } from '../../components/Time'
import { useAction } from '../../components/useAction'
import { Party } from '../../names/Party'
import { UserText } from '../../names/UserText'
import { WalletRef } from '../../names/WalletRef'
import { HeldExpirySetting } from './HeldExpirySetting'
import { CanWrite } from '../../components/CanWrite'
import { HOLD_RULE_WORDS } from '../../format/hold-rule'
import { networkName } from '../../format/network-name'

const OLDER = 'not checked (held by an older version)'

/** The fee a held payout asked for, in words ("Medium"), or the provider's default. */
function feeWords(priority: string | null | undefined): string {
  return priority ? priority[0]!.toUpperCase() + priority.slice(1) : "The provider's default"
}

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
  const amounts = page.rows.map((e) => e.body.amount)
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
      {/* History's fixed columns (issue 54): each row one line, names cut to their cell and whole in their title;
          the wallet id, the full address, the network, the fee and the Idempotency-Key are in the release's facts. */}
      <table
        className="grid payout-table"
        style={{ ...fractionSlot(amounts, '--column-frac'), ...moneyWidth(amounts) }}
      >
        <colgroup>
          <col className="col-time" />
          <col className="col-time" />
          <col className="col-amount" />
          <col className="col-name" />
          <col />
          <col className="col-name" />
          <col className="col-actions" />
        </colgroup>
        <thead>
          <tr>
            <th>Asked</th>
            <th>Expires</th>
            <th className="num">Amount</th>
            <th>Wallet</th>
            <th>Destination</th>
            <th>Held by</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {page.rows.map((e) => (
            <tr key={e.idempotencyKey} data-testid="held-row">
              <td>
                <Time value={e.createdAt} short />
              </td>
              <td data-testid="held-expires">
                <Time value={e.expiresAt} short />
              </td>
              <td className="num">
                <Amount value={e.body.amount} asset={e.body.asset} />
              </td>
              <td>
                <WalletRef id={e.body.wallet_id} inline />
              </td>
              <td>
                <Party
                  address={e.hold?.destinationAddress ?? e.body.destination}
                  network={e.hold?.network ?? e.body.network}
                  what="destination address"
                  inline
                />
              </td>
              <td className="small" title={e.hold ? HOLD_RULE_WORDS[e.hold.rule] : OLDER}>
                {e.hold ? HOLD_RULE_WORDS[e.hold.rule] : OLDER}
                {/* Who asked and when the destination was verified: read after the rule, cut with it. */}
                <span className="muted">
                  {' · asked by '}
                  <UserText>{e.requestedBy}</UserText>
                  {e.hold ? (
                    <>
                      {' · verified '}
                      {e.hold.verifiedAt ? <Time value={e.hold.verifiedAt} short /> : 'never'}
                    </>
                  ) : null}
                </span>
              </td>
              <td className="row-actions">
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
          <dt>Fee</dt>
          <dd>{feeWords(body.fee_priority)}</dd>
          <dt>Verified</dt>
          <dd>{hold.verifiedAt ? <Time value={hold.verifiedAt} /> : 'never'}</dd>
          <dt>Held by</dt>
          <dd>
            {HOLD_RULE_WORDS[hold.rule]}: {hold.message}
          </dd>
          <dt>Idempotency-Key</dt>
          <dd>
            <code className="mono">{entry.idempotencyKey}</code>
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
