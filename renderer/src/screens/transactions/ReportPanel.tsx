import { useState } from 'react'
import type { ReconciliationReport, Sum } from '@shared/api/ledger-report'
import { Amount } from '../../components/Amount'
import { CsvExportPanel } from '../../components/CsvExportPanel'
import { ErrorBox } from '../../components/ErrorBox'
import { Time } from '../../components/Time'
import { useAction } from '../../components/useAction'
import { Field } from '../../components/Field'
import { ZonedDateTime } from '../../components/ZonedDateTime'
import { useDeskMutation } from '../../data/useDeskMutation'
import { WalletRef } from '../../names/WalletRef'
import { presetPeriod, REPORT_PRESET_LABELS, REPORT_PRESETS, type ReportPreset } from '@shared/api/report-presets'
import { RollForwardTable } from './RollForwardTable'
import { networkName } from '../../format/network-name'

const DAY_MS = 86_400_000
const NUMBER_COLUMNS = ['Incoming', 'Outgoing', 'Internal', 'Fees', 'Not final']

interface Props {
  /** The Transactions screen's wallet filter: the report covers that wallet, or all. */
  walletId: string
  /** Where the period starts out: the screen's recorded-time filter, else the 30 days up to the last sync. */
  from: string | null
  to: string | null
  syncedAt: string | null
}

function SumCell({ sum, asset }: { sum: Sum; asset: string }) {
  return (
    <td className="num">
      <Amount value={sum.sum} asset={asset} />
      <span className="muted small"> ({sum.count})</span>
    </td>
  )
}

/**
 * The reconciliation report of a period from the local ledger: exact sums per wallet, asset and network, and the proof
 * of coverage.
 */
export function ReportPanel({ walletId, from, to, syncedAt }: Props) {
  const end = to ?? syncedAt ?? new Date().toISOString()
  const [period, setPeriod] = useState<{ from: string | null; to: string | null }>({
    from: from ?? new Date(Date.parse(end) - 30 * DAY_MS).toISOString(),
    to: end,
  })
  const [report, setReport] = useState<ReconciliationReport | null>(null)
  const [preset, setPreset] = useState<ReportPreset>('custom')
  const build = useAction()
  const buildReport = useDeskMutation('history.report')
  const exportReport = useDeskMutation('history.exportReport')
  const input =
    period.from && period.to
      ? { from: period.from, to: period.to, ...(walletId ? { walletIds: [walletId] } : {}) }
      : null
  const problem = !input
    ? 'Choose the start and the end of the period.'
    : input.from >= input.to
      ? 'The start must be before the end.'
      : null

  // A report shown is always the report of the period shown: a new period hides the old one until it is built.
  const choose = (change: Partial<typeof period>) => {
    setPeriod((p) => ({ ...p, ...change }))
    setReport(null)
  }
  const custom = (change: Partial<typeof period>) => {
    setPreset('custom')
    choose(change)
  }
  const pick = (next: ReportPreset) => {
    setPreset(next)
    if (next !== 'custom') choose(presetPeriod(next, Date.now(), syncedAt ? Date.parse(syncedAt) : null))
  }
  const run = async () => {
    if (!input || problem) return
    setReport(null)
    const answer = await build.run(() => buildReport.mutateAsync(input))
    if (answer) setReport(answer)
  }

  return (
    <section className="panel" aria-labelledby="report-heading" data-testid="report-panel">
      <h2 id="report-heading">Reconciliation report</h2>
      <p className="muted small">
        From the local ledger: counts and exact sums per wallet, asset and network (
        {walletId ? 'the wallet of the filter' : 'all wallets'}).
      </p>
      <div className="row">
        <Field label="Period">
          <select value={preset} onChange={(e) => pick(e.target.value as ReportPreset)} data-testid="report-preset">
            {REPORT_PRESETS.map((p) => (
              <option key={p} value={p}>
                {REPORT_PRESET_LABELS[p]}
              </option>
            ))}
          </select>
        </Field>
        <ZonedDateTime label="Period after" value={period.from} onChange={(v) => custom({ from: v })} />
        <ZonedDateTime label="Period until" value={period.to} onChange={(v) => custom({ to: v })} error={problem} />
        <button type="button" className="primary" disabled={build.busy || problem !== null} onClick={() => void run()}>
          {build.busy ? 'Building…' : 'Build report'}
        </button>
      </div>
      {build.busy ? <progress aria-label="Report progress" /> : null}
      {build.error ? <ErrorBox error={build.error} title="The report could not be built" /> : null}
      {report && input ? (
        <>
          <CsvExportPanel
            label="Export report to CSV"
            note={
              'This period’s report with its header block (period, profile, environment, generated-at), ' +
              'counted again from the ledger.'
            }
            cancelChannel="history.cancelExport"
            run={() => exportReport.mutateAsync(input)}
            progressText={(p) => `${p.rows.toLocaleString()} movements counted so far`}
            doneText={(r) => `Report of ${r.rows.toLocaleString()} movements saved to ${r.path ?? 'the chosen file'}`}
          />
          <RollForwardTable report={report} />
          <ReportView report={report} />
        </>
      ) : null}
    </section>
  )
}

function ReportView({ report }: { report: ReconciliationReport }) {
  return (
    <div data-testid="report">
      <p role="status">
        {report.rows.toLocaleString()} movements recorded after <Time value={report.from} /> until{' '}
        <Time value={report.to} /> (ledger synced to <Time value={report.syncedTo} />
        ).{' '}
        {report.distinctRows === report.rows ? (
          <strong data-testid="report-once">
            Each of the {report.rows.toLocaleString()} (id, direction) pairs is counted exactly once.
          </strong>
        ) : (
          <strong className="notice warn">
            The ledger holds {report.rows - report.distinctRows} movements twice: this report cannot be trusted.
          </strong>
        )}
      </p>
      <table className="grid" aria-label="Totals per wallet, asset and network">
        <thead>
          <tr>
            <th scope="col">Wallet</th>
            <th scope="col">Asset</th>
            <th scope="col">Network</th>
            {NUMBER_COLUMNS.map((name) => (
              <th key={name} scope="col" className="num">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.groups.map((g) => (
            <tr key={`${g.walletId}|${g.asset}|${g.network}`}>
              <td>{g.walletId ? <WalletRef id={g.walletId} /> : '—'}</td>
              <td>{g.asset}</td>
              <td>{g.network ? networkName(g.network) : '—'}</td>
              <SumCell sum={g.incoming} asset={g.asset} />
              <SumCell sum={g.outgoing} asset={g.asset} />
              <SumCell sum={g.internal} asset={g.asset} />
              <SumCell sum={g.fees} asset={g.asset} />
              <td className="num">{g.notFinal}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.groups.length === 0 ? <p className="muted">No movements in this period.</p> : null}
      {report.suspectedPoisoning > 0 ? (
        <p className="notice warn" data-testid="report-poisoning">
          {report.suspectedPoisoning} incoming movement{report.suspectedPoisoning === 1 ? ' is' : 's are'} flagged as
          suspected address poisoning: dust or nothing from a look-alike of an address you know. Their senders are not
          counterparties.
        </p>
      ) : null}
      {report.notFinal.length > 0 ? (
        <p className="notice warn">
          {report.notFinal.length} movement{report.notFinal.length === 1 ? ' is' : 's are'} not final yet: their amounts
          may still change or be refused.
        </p>
      ) : null}
      <details>
        <summary>Proof of coverage: {report.coverage.length} back-to-back ranges</summary>
        <table className="grid" aria-label="Coverage">
          <thead>
            <tr>
              <th scope="col">After</th>
              <th scope="col">Until</th>
              <th scope="col" className="num">
                Movements
              </th>
            </tr>
          </thead>
          <tbody>
            {report.coverage.map((c) => (
              <tr key={c.from}>
                <td>
                  <Time value={c.from} />
                </td>
                <td>
                  <Time value={c.to} />
                </td>
                <td className="num">{c.rows.toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  )
}
