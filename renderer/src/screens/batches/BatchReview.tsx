import { useRef, useState } from 'react'
import type { ChannelOutput } from '@shared/ipc/channels'
import { ActionBar } from '../../components/ActionBar'
import { Amount, Usd } from '../../components/Amount'
import { EnvBadge } from '../../components/EnvBadge'
import { ErrorBox } from '../../components/ErrorBox'
import { SendConfirmations, useSendConfirmations } from '../../components/SendConfirmations'
import { usePaged } from '../../components/Paged'
import { Section } from '../../components/Section'
import { asDeskError, type DeskCallError } from '../../desk'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useCurrentProfile } from '../../data/profiles'
import type { BatchSource } from './BatchImport'
import { BatchPayeesTable, distinctPayees } from './BatchPayeesTable'
import { networkName } from '../../format/network-name'
import { UserText } from '../../names/UserText'
import { StaleScreeningNotice } from '../../components/StaleScreeningNotice'
import { StatusChip } from '../../components/StatusChip'

export type BatchCheckView = ChannelOutput<'batch.check'>
export type BatchSubmitted = ChannelOutput<'batch.submit'>

function destinationsTitle(payees: number, newPayees: number): string {
  return `To ${payees} destination${payees === 1 ? '' : 's'}${newPayees ? `, ${newPayees} never paid before` : ''}`
}

/**
 * Problems by line, totals per wallet, asset and network, duplicates to confirm; production needs the grand total
 * typed.
 */
export function BatchReview({
  source,
  wallet,
  check,
  onBack,
  onSubmitted,
}: {
  source: BatchSource
  wallet: string
  check: BatchCheckView
  onBack: () => void
  onSubmitted: (result: BatchSubmitted) => void
}) {
  const environment = useCurrentProfile()?.environment ?? 'sandbox'
  const [error, setError] = useState<DeskCallError | null>(null)
  const [busy, setBusy] = useState(false)
  const sending = useRef(false)
  const submitBatch = useDeskMutation('batch.submit')
  const errors = check.problems.filter((p) => p.severity === 'error')
  const newPayees = check.firstPayouts.length
  const confirmations = useSendConfirmations({
    newPayees,
    duplicates: check.problems.filter((p) => p.severity === 'confirm').length,
    grandTotal: check.grandTotal,
    production: environment === 'production',
    what: 'batch',
  })
  const ready = errors.length === 0 && check.rows.length > 0 && confirmations.ready
  const payees = distinctPayees(check.rows)
  const problems = usePaged(check.problems, 50, 'the problems by line')

  const submit = async () => {
    if (sending.current || !ready) return
    sending.current = true
    setBusy(true)
    setError(null)
    try {
      onSubmitted(
        await submitBatch.mutateAsync({
          ...source,
          ...(wallet ? { wallet } : {}),
          ...confirmations.answers,
        }),
      )
    } catch (err) {
      setError(asDeskError(err))
      sending.current = false
      setBusy(false)
    }
  }

  return (
    <section className="panel" aria-label="Batch review" data-testid="batch-review">
      <h2>
        Review {source.source} <EnvBadge environment={environment} />
      </h2>
      <p>
        {check.rows.length} of {check.lineCount} rows ready to pay
        {errors.length
          ? `; ${errors.length} problem${errors.length === 1 ? '' : 's'} to fix first: nothing is sent from ` +
            `this file until they are`
          : ''}
        .
      </p>
      <StaleScreeningNotice />
      {check.problems.length ? (
        <Section title="Problems by line" actions={problems.pager}>
          <table className="grid" aria-label="Problems by line">
            <thead>
              <tr>
                <th>Line</th>
                <th>Column</th>
                <th>Before sending</th>
                <th>Message</th>
              </tr>
            </thead>
            <tbody>
              {problems.rows.map((p, i) => (
                <tr key={i} data-testid="batch-problem">
                  <td className="num">{p.line}</td>
                  <td>{p.column ?? '—'}</td>
                  <td>
                    <StatusChip status={p.severity === 'error' ? 'fix_in_file' : 'confirm_below'} />
                  </td>
                  <td>{p.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
      ) : null}
      {check.totals.length ? (
        <Section title="Totals">
          <table className="grid" aria-label="Totals">
            <thead>
              <tr>
                <th>Wallet</th>
                <th>Network</th>
                <th className="num">Rows</th>
                <th className="num">Total</th>
                <th className="num">Available</th>
                <th className="num">≈ USD (indicative)</th>
              </tr>
            </thead>
            <tbody>
              {check.totals.map((t) => (
                <tr key={`${t.walletId}|${t.asset}|${t.network}`} data-testid="batch-total">
                  <td>
                    <UserText>{t.walletName}</UserText>
                  </td>
                  <td>{networkName(t.network)}</td>
                  <td className="num">{t.rows}</td>
                  <td className="num">
                    <Amount value={t.total} asset={t.asset} />
                  </td>
                  <td className="num">
                    <Amount value={t.available} asset={t.asset} />
                  </td>
                  <td className="num">{t.usd === null ? '—' : <Usd value={t.usd} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
      ) : null}
      {check.rows.length ? <BatchPayeesTable check={check} title={destinationsTitle(payees, newPayees)} /> : null}
      {errors.length ? null : <SendConfirmations confirmations={confirmations} />}
      {error ? <ErrorBox error={error} title="The batch was not recorded" /> : null}
      {/* The safe way back first, the send last and in reach however long the rows above are (issue 54). */}
      <ActionBar sticky label="Decision">
        <button type="button" onClick={onBack} disabled={busy}>
          Back
        </button>
        <button type="button" className="primary" disabled={!ready || busy} onClick={() => void submit()}>
          Record and send {check.rows.length} payouts
        </button>
      </ActionBar>
    </section>
  )
}
