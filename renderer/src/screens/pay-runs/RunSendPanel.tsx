import { useRef, useState } from 'react'
import type { ChannelOutput } from '@shared/ipc/channels'
import { Amount } from '../../components/Amount'
import { EnvBadge } from '../../components/EnvBadge'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { SendConfirmations, useSendConfirmations } from '../../components/SendConfirmations'
import { asDeskError, type DeskCallError } from '../../desk'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useCurrentProfile } from '../../data/profiles'
import { UserText } from '../../names/UserText'
import { StaleScreeningNotice } from '../../components/StaleScreeningNotice'

type Preview = ChannelOutput<'payRuns.preview'>
type Sent = ChannelOutput<'payRuns.send'>
type SentRow = Sent['rows'][number]

/** What a sent line's state means, as `run send` says it. */
const stateText = (r: SentRow): string =>
  r.conflict
    ? 'sent from another desk with another amount'
    : r.state === 'not sent'
      ? 'not sent: the period another desk sent has no such line'
      : r.earlier
        ? `${r.state} (already sent from another desk)`
        : r.requestedAgain
          ? `${r.state}, requested again as ${r.requestedAgain.slice(0, 8)}…`
          : r.state

const sentTitle = (sent: Sent): string =>
  sent.sentElsewhere
    ? 'was sent from another desk: nothing was sent from here'
    : sent.again
      ? 'was recorded before: nothing new was sent'
      : 'recorded and sent'

/** The period's day is after today's (UTC, as periods are counted): it is paid early only with its date typed. */
const isAhead = (period: string): boolean => period > new Date().toISOString().slice(0, 10)

/**
 * Confirms and sends the previewed period under its derived keys; production needs the grand total typed again, and
 * a period ahead of today its date typed (as `run send --period`).
 */
export function RunSendPanel({ preview }: { preview: Preview }) {
  const environment = useCurrentProfile()?.environment ?? 'sandbox'
  const [error, setError] = useState<DeskCallError | null>(null)
  const [sent, setSent] = useState<Sent | null>(null)
  const [busy, setBusy] = useState(false)
  const [typedDate, setTypedDate] = useState('')
  const ahead = isAhead(preview.period)
  const sending = useRef(false)
  const send = useDeskMutation('payRuns.send')
  const savePack = useDeskMutation('batch.savePack')
  const [packNote, setPackNote] = useState<string | null>(null)
  /** The period's one approval pack (its batch's payouts that wait), saved where the person chooses. */
  const saveApprovalPack = async (batchId: string) => {
    try {
      const r = await savePack.mutateAsync({ batchId })
      setPackNote(r.path ? `Saved the approval pack of ${r.count} payouts to ${r.path} (SHA-256 ${r.sha256}).` : null)
    } catch (err) {
      setError(asDeskError(err))
    }
  }
  const blocked = preview.problems.some((p) => p.severity === 'error') || preview.shortfalls.length > 0
  const confirmations = useSendConfirmations({
    newPayees: preview.firstPayoutCount,
    duplicates: preview.problems.filter((p) => p.severity === 'confirm').length,
    grandTotal: preview.grandTotal,
    production: environment === 'production',
    what: 'period',
  })
  const ready = !blocked && confirmations.ready && (!ahead || typedDate.trim() === preview.period)

  const submit = async () => {
    if (sending.current || !ready) return
    sending.current = true
    setBusy(true)
    setError(null)
    try {
      setSent(
        await send.mutateAsync({
          name: preview.name,
          period: preview.period,
          typedDate: ahead ? typedDate.trim() : null,
          ...confirmations.answers,
        }),
      )
    } catch (err) {
      setError(asDeskError(err))
    } finally {
      sending.current = false
      setBusy(false)
    }
  }

  if (sent) {
    const conflicts = sent.rows.filter((r) => r.conflict).length
    return (
      <section className="panel" aria-label="Period sent">
        <h2>
          Period {sent.period} {sentTitle(sent)}
        </h2>
        <table className="grid" aria-label="Sent lines">
          <thead>
            <tr>
              <th>Payee</th>
              <th className="num">Amount</th>
              <th>State</th>
            </tr>
          </thead>
          <tbody>
            {sent.rows.map((r, i) => (
              <tr key={i}>
                <td>
                  <UserText>{r.payee}</UserText>
                </td>
                <td className="num">
                  <Amount value={r.amount} asset={r.asset} />
                </td>
                <td>{stateText(r)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {sent.batchId ? (
          <p>
            <button type="button" onClick={() => void saveApprovalPack(sent.batchId!)} data-testid="run-approval-pack">
              Save approval pack
            </button>{' '}
            {packNote}
          </p>
        ) : null}
        {error ? <ErrorBox error={error} title="The approval pack was not saved" /> : null}
        {conflicts > 0 ? (
          <p role="alert">
            {conflicts} line(s) were sent from another desk with another amount: agree which is right; they are never
            sent under a new key.
          </p>
        ) : null}
      </section>
    )
  }

  return (
    <section className="panel" aria-label="Send the period">
      <h2>
        Send period {preview.period} <EnvBadge environment={environment} />
      </h2>
      <StaleScreeningNotice />
      {ahead ? (
        <>
          <p role="note">
            Nothing is due: the period {preview.period} is ahead of today. It is paid early only when its date is typed
            here.
          </p>
          <Field label="Type the period's date to pay it early (YYYY-MM-DD)">
            <input className="mono" value={typedDate} onChange={(e) => setTypedDate(e.target.value)} />
          </Field>
        </>
      ) : null}
      {blocked ? null : <SendConfirmations confirmations={confirmations} />}
      {error ? <ErrorBox error={error} title="The period was not sent" /> : null}
      <button type="button" className="primary" disabled={!ready || busy} onClick={() => void submit()}>
        {busy ? 'Sending…' : 'Send'}
      </button>
    </section>
  )
}
