import { useEffect, useRef } from 'react'
import type { OutboxEntryView } from '@shared/ipc/channels/payouts'
import { useDeskQuery } from '../../data/useDeskQuery'
import { useNav } from '../../stores/nav'
import { CoreText } from '../../names/CoreText'
import type { RequestResult } from './PayoutReview'
import { SimulatorConsoleButton } from './SimulatorConsoleButton'

function outcomeText(entry: OutboxEntryView, recovered: boolean): { tone: string; text: string } {
  switch (entry.state) {
    case 'accepted':
      return {
        tone: 'good',
        text: recovered
          ? 'The provider has the request (same Idempotency-Key) — waiting for approval in the console.'
          : 'Requested — waiting for approval in the console.',
      }
    case 'refused':
      return { tone: 'prod', text: `The provider refused the payout: ${entry.error?.message ?? 'no reason given'}` }
    case 'discarded':
      return { tone: 'warn', text: 'The request was discarded: the app no longer tracks it.' }
    case 'queued':
      return {
        tone: 'warn',
        text:
          `The provider asked to wait${entry.notBefore ? ` until ${entry.notBefore}` : ''}. The payout ` +
          `waits on Payouts’ Waiting tab and goes then with the same Idempotency-Key, unless you cancel it.`,
      }
    default:
      return {
        tone: 'warn',
        text:
          'The app could not confirm that the provider received the request. It is listed under ' +
          '“Unresolved payout requests”, here and on Payouts.',
      }
  }
}

/**
 * What became of the payout just requested. It follows the outbox entry, so a request that was unresolved and was
 * then confirmed (checked again or sent again) no longer says it is unresolved.
 */
export function PayoutOutcome({ result }: { result: RequestResult }) {
  const go = useNav((s) => s.go)
  // The result of a request takes focus when it appears: it replaces the review the user was on.
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => box.current?.focus(), [result])
  const outbox = useDeskQuery('payouts.outbox', {})
  const entry = outbox.data?.find((e) => e.idempotencyKey === result.entry.idempotencyKey) ?? result.entry
  const outcome = outcomeText(entry, result.entry.state !== 'accepted')
  const withdrawalId = entry.withdrawalId ?? result.withdrawal?.id ?? null
  return (
    <div className={`notice ${outcome.tone}`} role="status" data-testid="payout-outcome" tabIndex={-1} ref={box}>
      <p>
        <CoreText>{outcome.text}</CoreText>
      </p>
      {withdrawalId && entry.state === 'accepted' ? (
        <>
          <button type="button" className="link" onClick={() => go('payouts', withdrawalId)}>
            Follow this payout
          </button>{' '}
          <SimulatorConsoleButton />
        </>
      ) : null}
    </div>
  )
}
