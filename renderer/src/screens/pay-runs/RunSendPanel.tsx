import { useRef, useState } from 'react'
import type { ChannelOutput } from '@shared/ipc/channels'
import { EnvBadge } from '../../components/EnvBadge'
import { ErrorBox } from '../../components/ErrorBox'
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
    : r.earlier
      ? `${r.state} (already sent from another desk)`
      : r.state

/** Confirms and sends the previewed period under its derived keys; production needs the grand total typed again. */
export function RunSendPanel({ preview }: { preview: Preview }) {
  const environment = useCurrentProfile()?.environment ?? 'sandbox'
  const [error, setError] = useState<DeskCallError | null>(null)
  const [sent, setSent] = useState<Sent | null>(null)
  const [busy, setBusy] = useState(false)
  const sending = useRef(false)
  const send = useDeskMutation('payRuns.send')
  const blocked = preview.problems.some((p) => p.severity === 'error') || preview.shortfalls.length > 0
  const confirmations = useSendConfirmations({
    newPayees: preview.firstPayoutCount,
    duplicates: preview.problems.filter((p) => p.severity === 'confirm').length,
    grandTotal: preview.grandTotal,
    production: environment === 'production',
    what: 'period',
  })
  const ready = !blocked && confirmations.ready

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
          Period {sent.period} {sent.again ? 'was recorded before: nothing new was sent' : 'recorded and sent'}
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
                  {r.amount} <UserText>{r.asset}</UserText>
                </td>
                <td>{stateText(r)}</td>
              </tr>
            ))}
          </tbody>
        </table>
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
      {blocked ? null : <SendConfirmations confirmations={confirmations} />}
      {error ? <ErrorBox error={error} title="The period was not sent" /> : null}
      <button type="button" className="primary" disabled={!ready || busy} onClick={() => void submit()}>
        {busy ? 'Sending…' : 'Send'}
      </button>
    </section>
  )
}
