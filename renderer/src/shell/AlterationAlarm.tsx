import { useEffect, useRef, useState } from 'react'
import type { AlterationView } from '@shared/ipc/channels/payee-checks'
import { shownLine } from '@shared/text/visible-text'
import { useDeskMutation } from '../data/useDeskMutation'
import { useDeskQuery } from '../data/useDeskQuery'
import { UserText } from '../names/UserText'
import { notify } from './notify'

/** One altered payout: the provider's words, and Acknowledge behind a confirmation that says what to do first. */
function Alarm({ alteration }: { alteration: AlterationView }) {
  const acknowledge = useDeskMutation('alterations.acknowledge')
  const [asking, setAsking] = useState(false)
  return (
    <div className="notice bad" role="alert" data-testid="alteration-alarm">
      <strong>Payout altered at the provider.</strong> <UserText>{alteration.message}</UserText> Sends stay stopped
      until a person acknowledges it.{' '}
      {asking ? (
        <span role="group" aria-label="Acknowledge the altered payout">
          If nobody approved it yet, cancel the withdrawal in the provider console first.{' '}
          <button
            type="button"
            className="danger"
            disabled={acknowledge.isPending}
            onClick={() => acknowledge.mutate({ withdrawalId: alteration.withdrawalId })}
          >
            Acknowledge
          </button>{' '}
          <button type="button" onClick={() => setAsking(false)}>
            Not yet
          </button>
        </span>
      ) : (
        <button type="button" onClick={() => setAsking(true)}>
          Acknowledge…
        </button>
      )}
      {acknowledge.error ? <span className="error"> {acknowledge.error.message}</span> : null}
    </div>
  )
}

/** The altered-payout alarm on every screen, and a system notification the first time each alteration is seen. */
export function AlterationAlarm() {
  const open = useDeskQuery('alterations.list', {})
  const told = useRef(new Set<string>())
  useEffect(() => {
    for (const a of open.data ?? []) {
      if (told.current.has(a.withdrawalId)) continue
      told.current.add(a.withdrawalId)
      notify({
        id: `altered-${a.withdrawalId}`,
        tone: 'bad',
        text: shownLine`${a.message}`,
        section: 'payouts',
        detailId: a.withdrawalId,
      })
    }
  }, [open.data])
  return (
    <>
      {(open.data ?? []).map((a) => (
        <Alarm key={a.withdrawalId} alteration={a} />
      ))}
    </>
  )
}
