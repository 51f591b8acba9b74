import { Fragment, useState } from 'react'
import { ErrorBox } from '../../components/ErrorBox'
import { QrImage } from '../../components/QrImage'
import { QueryView } from '../../components/QueryView'
import { ScreenHead } from '../../components/ScreenHead'
import { BackLink } from '../../components/BackLink'
import { Time } from '../../components/Time'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useDeskQuery } from '../../data/useDeskQuery'
import { UserText } from '../../names/UserText'

/**
 * The receipt of a completed payout, laid out for print. The desktop app saves it as a PDF itself (the shell prints
 * the window); the browser demo hands it to the browser's print, where "Save as PDF" is one of the printers.
 */
export function ReceiptView({ payoutId, onClose }: { payoutId: string; onClose: () => void }) {
  const receipt = useDeskQuery('payouts.receipt', { ref: payoutId })
  const info = useDeskQuery('app.info', {})
  const action = useAction()
  const savePdf = useDeskMutation('payouts.saveReceiptPdf')
  const [savedTo, setSavedTo] = useState<string | null>(null)

  const print = async () => {
    if (info.data?.shell !== 'electron') {
      window.print()
      return
    }
    const saved = await action.run(() => savePdf.mutateAsync({ ref: payoutId }))
    if (saved?.path) setSavedTo(saved.path)
  }

  return (
    <section className="panel receipt" aria-label="Receipt">
      {/* The title prints with the receipt; the buttons and the notices under the header do not. */}
      <ScreenHead>
        <BackLink label="Payout" onBack={onClose} />
        <h1>Payout receipt</h1>
        <span className="spacer" />
        <button
          type="button"
          className="primary no-print"
          onClick={() => void print()}
          disabled={action.busy || !receipt.data}
        >
          {info.data?.shell === 'electron' ? 'Save PDF' : 'Print / Save PDF'}
        </button>
      </ScreenHead>
      {action.error ? <ErrorBox error={action.error} title="The receipt was not saved" /> : null}
      {savedTo ? (
        <p className="no-print" role="status">
          Saved to <UserText>{savedTo}</UserText>
        </p>
      ) : null}
      <QueryView query={receipt} what="the receipt" errorTitle="No receipt for this payout">
        {(r) => (
          <>
            <div className="receipt-body">
              <dl className="facts" data-testid="receipt">
                <dt>Payout id</dt>
                <dd className="mono">{r.payoutId}</dd>
                {r.idempotencyKey ? (
                  <>
                    <dt>Idempotency-Key</dt>
                    <dd className="mono">{r.idempotencyKey}</dd>
                  </>
                ) : null}
                <dt>Environment</dt>
                <dd>{r.environment === 'production' ? 'Production' : 'Sandbox (test money, not a real payment)'}</dd>
                <dt>Amount</dt>
                <dd className="mono">
                  {r.amount} <UserText>{r.asset}</UserText>
                </dd>
                <dt>Network</dt>
                <dd>
                  <UserText>{r.networkName}</UserText>
                </dd>
                {r.walletId || r.walletName ? (
                  <>
                    <dt>Paid from</dt>
                    <dd>
                      {r.walletName ? <UserText>{r.walletName}</UserText> : null}
                      {r.walletId ? (
                        <span className="mono muted">
                          {' '}
                          <UserText>{r.walletId}</UserText>
                        </span>
                      ) : null}
                    </dd>
                  </>
                ) : null}
                <dt>Destination</dt>
                <dd>
                  {r.destinationName ? (
                    <div>
                      <UserText>{r.destinationName}</UserText>
                    </div>
                  ) : null}
                  <span className="mono wrap-cell">
                    <UserText>{r.address}</UserText>
                  </span>
                </dd>
                {r.reference ? (
                  <>
                    <dt>Reference</dt>
                    <dd>
                      <UserText>{r.reference}</UserText>
                    </dd>
                  </>
                ) : null}
                {r.invoices.map((i) => (
                  <Fragment key={`${i.number}|${i.sha256 ?? ''}`}>
                    <dt>Invoice</dt>
                    <dd data-testid="receipt-invoice">
                      <UserText>{i.number}</UserText>
                      {i.amount ? <span className="mono"> · amount {i.amount}</span> : null}
                      {i.dueDate ? <span> · due {i.dueDate}</span> : null}
                      {i.sha256 ? <span className="mono muted wrap-cell"> · PDF sha256 {i.sha256}</span> : null}
                    </dd>
                  </Fragment>
                ))}
                <dt>Transaction hash</dt>
                <dd className="mono wrap-cell" data-testid="receipt-hash">
                  <UserText>{r.txHash}</UserText>
                </dd>
                {r.explorerUrl ? (
                  <>
                    <dt>Explorer</dt>
                    <dd className="mono wrap-cell">
                      {/* The link's own text is the address it opens, so the printed receipt carries it too. */}
                      <a className="receipt-link" href={r.explorerUrl} target="_blank" rel="noreferrer noopener">
                        {r.explorerUrl}
                      </a>
                    </dd>
                  </>
                ) : null}
                <dt>Requested</dt>
                <dd>
                  <Time value={r.requestedAt} />
                  {r.requestedBy ? (
                    <span className="muted">
                      {' '}
                      by <UserText>{r.requestedBy}</UserText>
                    </span>
                  ) : null}
                </dd>
                {r.acceptedAt ? (
                  <>
                    <dt>Accepted by the provider</dt>
                    <dd>
                      <Time value={r.acceptedAt} />
                    </dd>
                  </>
                ) : null}
                <dt>Completed</dt>
                <dd>
                  <Time value={r.completedAt} />
                </dd>
                <dt>Audit row</dt>
                <dd className="mono wrap-cell">
                  {r.audit ? `#${r.audit.seq}, hash ${r.audit.hash}` : 'none recorded by this desk'}
                </dd>
              </dl>
              <QrImage
                value={r.explorerUrl ?? r.txHash}
                label={r.explorerUrl ? 'the explorer link' : 'the transaction hash'}
              />
            </div>
            <p className="muted small">
              Made <Time value={r.generatedAt} /> by Payout Desk from what this profile's store holds.
            </p>
          </>
        )}
      </QueryView>
    </section>
  )
}
