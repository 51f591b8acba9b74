import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { AlterationView } from '@shared/ipc/channels/payee-checks'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'
import { patchWithdrawal } from '../../data/withdrawal-cache'
import { UserText } from '../../names/UserText'
import { shown } from '@shared/text/visible-text'
import { CanWrite } from '../../components/CanWrite'

const FIELD: Record<AlterationView['differences'][number]['field'], string> = {
  wallet_id: 'Wallet',
  asset: 'Asset',
  amount: 'Amount',
  network: 'Network',
  destination: 'Destination',
}

const STOPPED = 'Sends are stopped until a person acknowledges it.'

/**
 * The red row under a payout the provider recorded otherwise than it was asked: each field that differs, and the two
 * ways out (cancel the withdrawal while nobody approved it; acknowledge, which lets the profile's sends go on).
 */
export function AlteredPayoutRow({ alteration, columns }: { alteration: AlterationView; columns: number }) {
  const acknowledge = useDeskMutation('alterations.acknowledge')
  const cancelPayout = useDeskMutation('withdrawals.cancel')
  const action = useAction()
  const client = useQueryClient()
  const [confirm, setConfirm] = useState(false)
  const id = alteration.withdrawalId
  const said = alteration.differences
    .map((d) => `${FIELD[d.field]}: asked ${shown(d.asked)}, recorded ${shown(d.recorded)}`)
    .join('; ')
  return (
    <tr className="altered" data-testid="altered-payout-row">
      <td colSpan={columns} className="row-actions">
        {/* One line like the row above it (issue 54): what differs is cut at its end and whole in its title. */}
        <div className="altered-line">
          <div className="altered-what" title={`Altered at the provider: ${said}. ${STOPPED}`}>
            <strong>Altered at the provider:</strong>{' '}
            <ul aria-label="Fields that differ">
              {alteration.differences.map((d) => (
                <li key={d.field}>
                  {FIELD[d.field]}: asked <UserText>{d.asked}</UserText>, recorded <UserText>{d.recorded}</UserText>
                </li>
              ))}
            </ul>{' '}
            {STOPPED}
          </div>
          <div className="row">
            <CanWrite>
              <button type="button" className="danger" onClick={() => setConfirm(true)}>
                Cancel withdrawal
              </button>
              <button
                type="button"
                disabled={action.busy}
                onClick={() => void action.run(() => acknowledge.mutateAsync({ withdrawalId: id }))}
              >
                Acknowledge
              </button>
            </CanWrite>
          </div>
        </div>
        {action.error ? (
          <p className="error" role="alert">
            {action.error.message}
          </p>
        ) : null}
        {confirm ? (
          <ConfirmDialog
            title="Cancel the altered withdrawal?"
            confirmLabel="Cancel withdrawal"
            danger
            busy={action.busy}
            onClose={() => setConfirm(false)}
            onConfirm={() => {
              setConfirm(false)
              void action.run(async () =>
                patchWithdrawal(client, await cancelPayout.mutateAsync({ withdrawalId: id }), false),
              )
            }}
          >
            <p>
              The provider is asked to withdraw this payout before anyone approves it. Acknowledge the alteration
              afterwards so the profile's sends go on.
            </p>
          </ConfirmDialog>
        ) : null}
      </td>
    </tr>
  )
}
