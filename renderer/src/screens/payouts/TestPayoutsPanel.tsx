import { sameAddress } from '@shared/api/address'
import type { TestPayoutView } from '@shared/ipc/channels/first-payouts'
import { Amount } from '../../components/Amount'
import { ErrorBox } from '../../components/ErrorBox'
import { ShortId } from '../../components/ShortId'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useDeskQuery } from '../../data/useDeskQuery'
import { UserText } from '../../names/UserText'
import { ownerName } from '../../names/owner-name'
import type { PayoutDraft } from './PayoutForm'
import { CanWrite } from '../../components/CanWrite'

/** The test payouts whose rest is still owed: how far each test has come, and the rest once it arrived. */
export function TestPayoutsPanel({ onReviewRest }: { onReviewRest: (draft: PayoutDraft, testKey: string) => void }) {
  // Re-read on every payout status and outbox change (desk-events).
  const tests = useDeskQuery('payouts.tests', {})
  const wallets = useDeskQuery('wallets.list', {}, { staleTime: 30_000 })
  const book = useDeskQuery('counterparties.list', {}, { staleTime: 30_000 })
  const dismissTest = useDeskMutation('payouts.dismissTest')
  const action = useAction()
  if (tests.error)
    return <ErrorBox error={tests.error} title="Test payouts could not be read" onRetry={() => void tests.refetch()} />
  const rows = tests.data ?? []
  if (rows.length === 0) return null

  const draftOf = (t: TestPayoutView): PayoutDraft | null => {
    const wallet = wallets.data?.find((w) => w.id === t.body.wallet_id)
    const destination = book.data?.find(
      (c) => c.network === t.body.network && sameAddress(c.network, c.address, t.body.destination),
    )
    return wallet && destination
      ? { wallet, destination, body: { ...t.body, amount: t.restAmount }, reference: '' }
      : null
  }
  const dismiss = (t: TestPayoutView) => void action.run(() => dismissTest.mutateAsync({ testKey: t.testKey }))

  return (
    <section className="panel" aria-label="Test payouts" data-testid="test-payouts">
      <h2>Test payouts</h2>
      {action.error ? <ErrorBox error={action.error} /> : null}
      {rows.map((t) => {
        const draft = draftOf(t)
        const destination = draft?.destination
        const to = destination ? (
          <UserText>{destination.label || ownerName(destination)}</UserText>
        ) : (
          <ShortId value={t.body.destination} what="destination address" />
        )
        return (
          <div
            key={t.testKey}
            className={`notice ${t.state === 'completed' ? 'good' : t.state === 'failed' ? 'prod' : 'warn'}`}
            data-testid="test-payout"
            data-state={t.state}
          >
            <p>
              Test payout of <Amount value={t.body.amount} asset={t.body.asset} /> to {to}:{' '}
              {t.state === 'waiting' ? (
                <>
                  {t.status.replaceAll('_', ' ')}. The rest, <Amount value={t.restAmount} asset={t.body.asset} />, is
                  offered once it has completed.
                </>
              ) : t.state === 'completed' ? (
                <>
                  completed. The rest to send: <Amount value={t.restAmount} asset={t.body.asset} />.
                </>
              ) : (
                <>
                  it did not arrive ({t.status.replaceAll('_', ' ')}
                  {t.reason ? (
                    <>
                      : <UserText>{t.reason}</UserText>
                    </>
                  ) : null}
                  ). The rest is not offered.
                </>
              )}
            </p>
            <CanWrite>
              <div className="actions">
                {t.state === 'completed' ? (
                  <button
                    type="button"
                    className="primary"
                    disabled={!draft || action.busy}
                    onClick={() => draft && onReviewRest(draft, t.testKey)}
                  >
                    Review the rest
                  </button>
                ) : null}
                <button type="button" disabled={action.busy} onClick={() => dismiss(t)}>
                  {t.state === 'failed' ? 'Dismiss' : 'Do not send the rest'}
                </button>
              </div>
            </CanWrite>
            {t.state === 'completed' && !draft && wallets.data && book.data ? (
              <p className="small">
                The wallet or the destination is no longer listed, so the rest cannot be reviewed here.
              </p>
            ) : null}
          </div>
        )
      })}
    </section>
  )
}
