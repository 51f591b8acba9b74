import { BAIT_WARNING } from '@shared/address/dust-bait'
import { Amount } from '../components/Amount'
import { DIRECTION_NAMES } from '../components/direction-names'
import { ExplorerLink } from '../components/ExplorerLink'
import { QueryView } from '../components/QueryView'
import { ShortId } from '../components/ShortId'
import { StatusChip } from '../components/StatusChip'
import { Time } from '../components/Time'
import { useEscape } from '../components/useEscape'
import { useDeskQuery } from '../data/useDeskQuery'
import { Party } from '../names/Party'
import { WalletRef } from '../names/WalletRef'
import { LegNoteEditor } from './LegNoteEditor'

/**
 * Every leg of one movement as the ledger holds it (two for a move between own wallets), with when the provider last
 * said so.
 */
export function TxDetail({ transactionId, onClose }: { transactionId: string; onClose: () => void }) {
  const legs = useDeskQuery('history.legs', { transactionId })
  const notes = useDeskQuery('history.legNotes', { transactionId })
  const heading = useEscape<HTMLHeadingElement>(onClose)
  return (
    <aside className="panel" aria-label="Transaction detail" data-testid="tx-detail">
      <div className="screen-head">
        <h2 ref={heading} tabIndex={-1}>
          Transaction
        </h2>
        <span className="spacer" />
        <button type="button" onClick={onClose} aria-keyshortcuts="Escape">
          Close
        </button>
      </div>
      <p>
        <ShortId value={transactionId} what="transaction id" />
      </p>
      <QueryView
        query={legs}
        what="legs"
        errorTitle="This transaction could not be read"
        isEmpty={(rows) => rows.length === 0}
        empty={<p className="muted">The ledger holds no leg of this transaction.</p>}
      >
        {(rows) =>
          rows.map((t) => (
            <div className="panel" key={`${t.id}-${t.direction}`} data-testid="tx-leg">
              <h3 className={`dir-${t.direction}`}>{DIRECTION_NAMES[t.direction]}</h3>
              <dl className="facts">
                <dt>Recorded</dt>
                <dd>
                  <Time value={t.created_at} />
                </dd>
                <dt>Amount</dt>
                <dd>
                  <Amount value={t.amount} asset={t.asset} />
                </dd>
                <dt>Fee</dt>
                <dd>{t.fee ? <Amount value={t.fee} asset={t.fee_asset} /> : <span className="muted">none</span>}</dd>
                <dt>Status</dt>
                <dd>
                  <StatusChip status={t.status} />
                  {t.final ? null : <span className="muted small"> · not final: read again until it is</span>}
                </dd>
                <dt>Read from the provider</dt>
                <dd>
                  <Time value={t.read_at} />
                </dd>
                <dt>Network</dt>
                <dd>{t.network_name ?? t.network ?? '—'}</dd>
                <dt>From</dt>
                <dd>
                  <Party
                    address={t.from.address}
                    network={t.network}
                    providerName={t.from.name}
                    what="sender address"
                    copyWarning={t.suspected_poisoning ? BAIT_WARNING : undefined}
                  />
                  {t.suspected_poisoning ? (
                    <p className="notice warn" data-testid="bait-notice">
                      {BAIT_WARNING}
                    </p>
                  ) : null}
                </dd>
                <dt>To</dt>
                <dd>
                  <Party address={t.to.address} network={t.network} providerName={t.to.name} what="recipient address" />
                </dd>
                <dt>Wallet</dt>
                <dd>{t.wallet_id ? <WalletRef id={t.wallet_id} /> : '—'}</dd>
                <dt>Tx hash</dt>
                <dd>
                  {t.tx_hash ? (
                    <>
                      <ShortId value={t.tx_hash} what="transaction hash" short />
                      <ExplorerLink network={t.network} value={t.tx_hash} what="this transaction" />
                    </>
                  ) : (
                    <span className="muted">not on chain yet</span>
                  )}
                </dd>
              </dl>
              <LegNoteEditor own={notes.data?.find((n) => n.direction === t.direction)} />
            </div>
          ))
        }
      </QueryView>
    </aside>
  )
}
