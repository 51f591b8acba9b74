import { networkName } from '../../format/network-name'
import { Amount } from '../../components/Amount'
import { QueryView } from '../../components/QueryView'
import { Section } from '../../components/Section'
import { useDeskQuery } from '../../data/useDeskQuery'
import { UserText } from '../../names/UserText'
import { useNav } from '../../stores/nav'
import { RunInvoicePanel } from './RunInvoicePanel'
import { RunSendPanel } from './RunSendPanel'
import { CanWrite } from '../../components/CanWrite'
import { ScreenHead } from '../../components/ScreenHead'
import { BackLink } from '../../components/BackLink'

const CHANGE = {
  new_payee: 'New payee',
  changed_amount: 'Changed amount',
  new_destination: 'Destination new to this payee',
} as const

/**
 * A run's next period: its lines with what changed since the last period sent and the invoice each pays in it, the
 * funds check, the period's invoices, and its send (a period ahead of today only with its date typed).
 */
export function RunPreviewPanel({ name }: { name: string }) {
  const go = useNav((s) => s.go)
  const preview = useDeskQuery('payRuns.preview', { name })
  return (
    <div>
      <ScreenHead>
        <BackLink label="Pay runs" onBack={() => go('payRuns')} />
        <h1>
          <UserText>{name}</UserText>
        </h1>
      </ScreenHead>
      <QueryView query={preview} what="the preview" errorTitle="The period could not be previewed">
        {(p) => (
          <>
            <p>
              Period {p.period}
              {p.done ? ` (${p.done} already)` : ''}; compared with{' '}
              {p.lastSent ? `the period sent ${p.lastSent}` : 'nothing (no period sent yet)'}.
            </p>
            <Section title="Lines">
              <table className="grid" aria-label="Lines of the period">
                <thead>
                  <tr>
                    <th className="num">Line</th>
                    <th>Payee</th>
                    <th>Destination</th>
                    <th className="num">Amount</th>
                    <th>Converted</th>
                    <th>Invoice</th>
                    <th>Change</th>
                  </tr>
                </thead>
                <tbody>
                  {p.lines.map((l) => (
                    <tr key={l.key}>
                      <td className="num">{l.line}</td>
                      <td>
                        <UserText>{l.payee}</UserText>
                      </td>
                      <td>
                        <UserText>{l.destinationName}</UserText>
                      </td>
                      <td className="num">
                        <Amount value={l.amount} asset={l.asset} />
                      </td>
                      <td className="small">{l.usd ? `USD ${l.usd.usd} at ${l.usd.rate} (${l.usd.date})` : ''}</td>
                      <td>{l.invoiceNumber ? <UserText>{l.invoiceNumber}</UserText> : ''}</td>
                      <td>
                        {l.changes.map((c, i) => (
                          <span key={c}>
                            {i > 0 ? '; ' : ''}
                            {CHANGE[c]}
                            {c === 'changed_amount' && l.before ? (
                              <>
                                {' (was '}
                                <UserText>{l.before}</UserText>)
                              </>
                            ) : null}
                          </span>
                        ))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Section>
            {p.lines.some((l) => l.invoiceNote) ? (
              <ul aria-label="Invoice amounts" className="problems">
                {p.lines
                  .filter((l) => l.invoiceNote)
                  .map((l) => (
                    <li key={l.key} data-testid="invoice-amount-note">
                      Line {l.line}: <UserText>{l.invoiceNote!}</UserText>
                    </li>
                  ))}
              </ul>
            ) : null}
            {p.removed.length > 0 ? (
              <p>
                Removed since {p.lastSent}:{' '}
                {p.removed.map((r, i) => (
                  <span key={r.key}>
                    {i > 0 ? ', ' : ''}
                    <UserText>{r.payee}</UserText>
                  </span>
                ))}
              </p>
            ) : null}
            <Section title="Funds check">
              <table className="grid" aria-label="Funds check">
                <thead>
                  <tr>
                    <th>Wallet</th>
                    <th>Asset</th>
                    <th className="num">Total</th>
                    <th className="num">Fee margin</th>
                    <th className="num">Available</th>
                    <th>Verdict</th>
                  </tr>
                </thead>
                <tbody>
                  {p.funds.map((f) => (
                    <tr key={`${f.walletId}|${f.asset}|${f.network}`}>
                      <td>
                        <UserText>{f.walletName}</UserText>
                      </td>
                      <td>
                        <UserText>{f.asset}</UserText> on {networkName(f.network)}
                      </td>
                      <td className="num">
                        <Amount value={f.total} asset={f.asset} />
                      </td>
                      <td className="num">
                        <Amount value={f.feeMargin} asset={f.asset} />
                      </td>
                      <td className="num">
                        <Amount value={f.available} asset={f.asset} />
                      </td>
                      <td>
                        {f.missing === null ? (
                          <span className="chip chip-good">Enough</span>
                        ) : (
                          <span className="chip chip-bad">Short by {f.missing}</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Section>
            {p.problems.length > 0 ? (
              <ul aria-label="Problems" className="problems">
                {p.problems.map((pr) => (
                  <li key={`${pr.line}|${pr.message}`}>
                    <UserText>{pr.message}</UserText>
                  </li>
                ))}
              </ul>
            ) : null}
            <CanWrite>
              <RunInvoicePanel preview={p} onSaved={() => void preview.refetch()} />
              {p.done === null ? <RunSendPanel preview={p} /> : null}
            </CanWrite>
            <p className="muted small">
              A repeat of the send, here or from another desk holding the run file, pays nothing twice.
            </p>
          </>
        )}
      </QueryView>
    </div>
  )
}
