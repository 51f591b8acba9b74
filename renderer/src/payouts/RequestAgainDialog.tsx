import { useState } from 'react'
import type { Withdrawal } from '@shared/api/resources'
import { readDecimal } from '@shared/format/decimal'
import { retypedProblem } from '@shared/payouts/retyped-total'
import { Amount } from '../components/Amount'
import { ConfirmDialog } from '../components/ConfirmDialog'
import { ErrorBox } from '../components/ErrorBox'
import { Field } from '../components/Field'
import { useAction } from '../components/useAction'
import { useCurrentProfile } from '../data/profiles'
import { useDeskMutation } from '../data/useDeskMutation'
import { explainRefusal } from './refusals'

/**
 * The one confirmation of "Request again" (a payout's page, a batch's row): a NEW payout (new Idempotency-Key) of the
 * same body, linked to this one and checked as any new payout; never automatic. A payout requested again already is
 * refused by the core, naming the newer one.
 */
export function RequestAgainDialog({
  w,
  onClose,
  onRequested,
}: {
  w: Withdrawal
  onClose: () => void
  /** The new payout's id, once the provider took it. */
  onRequested?: (withdrawalId: string) => void
}) {
  const production = useCurrentProfile()?.environment === 'production'
  const [retyped, setRetyped] = useState('')
  const action = useAction()
  const request = useDeskMutation('payouts.request')
  const mismatch = production ? retypedProblem(retyped, w.amount) : null

  const send = async () => {
    const answer = await action.run(() =>
      request.mutateAsync({
        wallet_id: w.wallet_id,
        asset: w.asset,
        amount: w.amount,
        destination: w.destination,
        network: w.network,
        retypedAmount: production ? readDecimal(retyped) : null,
        againOf: w.id,
      }),
    )
    if (!answer) return
    onClose()
    if (answer.withdrawal) onRequested?.(answer.withdrawal.id)
  }

  return (
    <ConfirmDialog
      title="Request this payout again?"
      confirmLabel="Request again"
      busy={action.busy || mismatch !== null}
      onClose={onClose}
      onConfirm={() => void send()}
    >
      <p>
        A <strong>new</strong> payout of <Amount value={w.amount} asset={w.asset} /> to the same destination, with a new
        Idempotency-Key, linked to this {w.status} one. It passes every check of a new payout now (screening lists,
        payee changes, look-alikes, the destination verified, the funds) and waits for approval again.
      </p>
      {production ? (
        <Field label="Amount again (PRODUCTION)" error={retyped ? mismatch : null}>
          <input className="mono" value={retyped} onChange={(e) => setRetyped(e.target.value)} autoComplete="off" />
        </Field>
      ) : null}
      {action.error ? (
        <ErrorBox error={explainRefusal(action.error)} title="The payout was not requested again" />
      ) : null}
    </ConfirmDialog>
  )
}
