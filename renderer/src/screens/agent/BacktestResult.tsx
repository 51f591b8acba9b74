import type { BacktestRowView, BacktestView } from '@shared/ipc/channels/policy'
import { changesSentence } from '@shared/policy/backtest-report'
import { Amount } from '../../components/Amount'
import { usePaged } from '../../components/Paged'
import { Time } from '../../components/Time'
import { Party } from '../../names/Party'
import { UserText } from '../../names/UserText'
import { shown } from '@shared/text/visible-text'
import { HOLD_RULE_WORDS } from '../../format/hold-rule'

const PAGE = 50

/** A rule in words where the app has them (a hold rule), else as the policy names it. */
function ruleWords(rule: string): string {
  return Object.hasOwn(HOLD_RULE_WORDS, rule) ? HOLD_RULE_WORDS[rule as keyof typeof HOLD_RULE_WORDS] : rule
}

/** What happened to one request then: the policy's outcome, its rule, and whether the payout went out. */
function happenedText(h: BacktestRowView['happened']): string {
  return `${h.outcome}${h.rule ? ` (${ruleWords(h.rule)})` : ''}${h.sent ? ', sent' : ''}`
}

/** A backtest's totals in words and, a page at a time, each request with what happened and what would happen. */
export function BacktestResult({ report }: { report: BacktestView }) {
  const page = usePaged(report.rows, PAGE, 'backtest requests')
  const { allowed, held, refused } = report.would
  return (
    <div data-testid="backtest-result">
      <p className="notice" role="status" data-testid="backtest-totals">
        {changesSentence(report)}
      </p>
      <p className="small">
        {report.requests} agent payout {report.requests === 1 ? 'request' : 'requests'} from{' '}
        <Time value={report.from} /> to <Time value={report.to} />; under the proposed policy {allowed} would be
        allowed, {held} held and {refused} refused.
        {report.skipped
          ? ` ${report.skipped} refused requests were recorded without their payout and were not replayed.`
          : null}
      </p>
      {report.rows.length ? (
        <>
          {page.pager}
          <table className="grid" aria-label="Backtest requests" data-testid="backtest-rows">
            <thead>
              <tr>
                <th>Requested</th>
                <th>Payout</th>
                <th>What happened</th>
                <th>What would happen</th>
                <th>Rule</th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((r, i) => (
                <tr key={`${r.at}-${i}`} data-testid="backtest-row">
                  <td>
                    <Time value={r.at} />
                  </td>
                  <td>
                    <Amount value={shown(r.amount)} asset={shown(r.asset)} /> to{' '}
                    <Party address={shown(r.destination)} network={shown(r.network)} what="destination address" />
                  </td>
                  <td>{happenedText(r.happened)}</td>
                  <td>
                    <strong>{r.would.outcome}</strong>
                  </td>
                  <td>
                    {r.would.rule ? ruleWords(r.would.rule) : '—'}
                    {r.would.message ? (
                      <div className="small muted">
                        <UserText>{r.would.message}</UserText>
                      </div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p className="muted">No agent payout request was recorded in this period.</p>
      )}
    </div>
  )
}
