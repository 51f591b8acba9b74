import { networkName } from '../../format/network-name'
import type { ReconciliationReport, RollForwardRow } from '@shared/api/ledger-report'
import { Amount } from '../../components/Amount'
import { Time } from '../../components/Time'
import { WalletRef } from '../../names/WalletRef'
import { UserText } from '../../names/UserText'
import { useNameBook } from '../../names/useNameBook'

/** An amount of the row's asset: the asset is named once, in its own column, so eight amounts fit at 1280 px. */
function Maybe({ value, unknown }: { value: string | null; unknown: string }) {
  return <td className="num">{value === null ? <span className="muted">{unknown}</span> : <Amount value={value} />}</td>
}

function ProviderCells({ row }: { row: RollForwardRow }) {
  const p = row.provider
  if (p.state === 'not_compared')
    return (
      <td colSpan={2} className="muted">
        not compared
      </td>
    )
  if (p.state === 'not_read') {
    return (
      <td colSpan={2} className="notice warn" data-testid="not-read">
        not read: {p.message} {p.requestId ? <span className="small">(request {p.requestId})</span> : null}
      </td>
    )
  }
  const agrees = p.difference === '0'
  return (
    <>
      <td className="num">
        <Amount value={p.amount} />
      </td>
      <td className={agrees ? 'num' : 'num notice warn'} data-testid={agrees ? undefined : 'difference'}>
        {p.difference === null ? 'unknown' : agrees ? '0' : <Amount value={p.difference.replace(/^-/, '')} />}
        {p.difference !== null && p.difference.startsWith('-')
          ? ' less at the provider'
          : p.difference !== null && !agrees
            ? ' more at the provider'
            : null}
      </td>
    </>
  )
}

/**
 * A wallet by its name alone, its id in the tooltip: ten columns fit at 1280 px only without the id's own line.
 * Until the name is known it is shown as everywhere else (WalletRef).
 */
function WalletName({ id }: { id: string }) {
  const wallet = useNameBook().wallet(id)
  if (!wallet) return <WalletRef id={id} />
  return (
    <span title={id} data-testid="wallet-ref">
      <UserText>{wallet.name}</UserText>
    </span>
  )
}

/**
 * Opening + incoming − outgoing − fees = closing per wallet, asset and network, and the provider's balance beside it.
 */
export function RollForwardTable({ report }: { report: ReconciliationReport }) {
  const rf = report.rollForward
  const explained = rf.rows.filter(
    (r) =>
      r.notFinal.length > 0 &&
      r.provider.state === 'read' &&
      r.provider.difference !== null &&
      r.provider.difference !== '0',
  )
  return (
    <div data-testid="roll-forward">
      <h3>Roll-forward</h3>
      {rf.openingUnknownBecause ? <p className="notice warn">{rf.openingUnknownBecause}</p> : null}
      <p className="muted small">
        {rf.compared
          ? 'Closing balances compared with the provider’s balances, read just now.'
          : 'The period does not end at the last sync, so closing balances are not compared with the provider.'}
      </p>
      <div className="wide-scroll" tabIndex={0} role="region" aria-label="Roll-forward table, scrolls sideways">
        <table className="grid" aria-label="Roll-forward per wallet, asset and network">
          <thead>
            <tr>
              <th scope="col">Wallet, asset and network</th>
              {['Opening', '+ Incoming', '− Outgoing', '− Fees', 'Internal', '= Closing', 'Provider', 'Difference'].map(
                (h) => (
                  <th key={h} scope="col" className="num">
                    {h}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {rf.rows.map((r) => (
              <tr key={`${r.walletId}|${r.asset}|${r.network}`}>
                <td>
                  {r.walletId ? <WalletName id={r.walletId} /> : '—'}
                  <div className="small muted">
                    {r.asset || '—'} on {r.network ? networkName(r.network) : '—'}
                  </div>
                </td>
                <Maybe value={r.opening} unknown="unknown" />
                <Maybe value={r.incoming} unknown="" />
                <Maybe value={r.outgoing} unknown="" />
                <Maybe value={r.fees} unknown="" />
                <Maybe value={r.internal} unknown="" />
                <Maybe value={r.closing} unknown="unknown" />
                <ProviderCells row={r} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {explained.map((r) => (
        <p key={`${r.walletId}|${r.asset}|${r.network}`} className="small">
          {r.asset} on {networkName(r.network)}: not final, may explain the difference:{' '}
          {r.notFinal.map((n) => (
            <span key={`${n.id}/${n.direction}`}>
              <code>{n.id}</code> ({n.direction} {n.amount}, {n.status}, recorded <Time value={n.createdAt} />){' '}
            </span>
          ))}
        </p>
      ))}
    </div>
  )
}
