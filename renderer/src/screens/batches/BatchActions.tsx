import { useState } from 'react'
import type { ChannelOutput } from '@shared/ipc/channels'
import { shown } from '@shared/text/visible-text'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ErrorBox } from '../../components/ErrorBox'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'
import { CanWrite } from '../../components/CanWrite'

export type BatchProgressView = ChannelOutput<'batch.pause'>

/** Where a batch stands, in one word (a few when its sending process ended). */
export function batchStateWord(p: BatchProgressView): string {
  if (p.finished) return p.intent === 'cancelled' ? 'cancelled' : 'finished'
  if (p.senderGone) return 'stopped: its sending process ended'
  return p.intent === 'running' ? 'sending' : p.intent
}

/**
 * How often a batch's view is read again while it is sending: no event tells that its sending process was killed, so
 * the view asks, and says "stopped" within this and the store's 15 s of a silent process.
 */
export const SENDER_CHECK_MS = 5_000

/** True while the batch is meant to be sending and its sender lives. */
export const isSending = (p: BatchProgressView): boolean => p.intent === 'running' && !p.finished && !p.senderGone

/**
 * Pause, resume and cancel of one batch, in whichever process sends it (the core keeps the intent in the store).
 * Cancel discards the rows not yet sent, so it is asked once more.
 */
export function BatchActions({ progress: p, source }: { progress: BatchProgressView; source: string }) {
  const writes = {
    'batch.pause': useDeskMutation('batch.pause'),
    'batch.resume': useDeskMutation('batch.resume'),
    'batch.cancel': useDeskMutation('batch.cancel'),
  }
  const action = useAction()
  const [cancelling, setCancelling] = useState(false)
  const act = async (what: keyof typeof writes) => {
    await action.run(() => writes[what].mutateAsync({ batchId: p.batchId }))
    setCancelling(false)
  }
  const label = (verb: string) => `${verb} the batch from ${shown(source)}`

  return (
    <>
      <CanWrite>
        <div className="row">
          {isSending(p) ? (
            <button
              type="button"
              disabled={action.busy}
              aria-label={label('Pause')}
              onClick={() => void act('batch.pause')}
            >
              Pause
            </button>
          ) : null}
          {p.intent === 'paused' || p.senderGone ? (
            <button
              type="button"
              disabled={action.busy}
              aria-label={label('Resume')}
              onClick={() => void act('batch.resume')}
            >
              Resume
            </button>
          ) : null}
          {p.intent !== 'cancelled' && p.queued > 0 ? (
            <button type="button" disabled={action.busy} onClick={() => setCancelling(true)}>
              Cancel the {p.queued} rows not yet sent
            </button>
          ) : null}
        </div>
      </CanWrite>
      {action.error ? <ErrorBox error={action.error} /> : null}
      {cancelling ? (
        <ConfirmDialog
          title="Cancel the rest of this batch?"
          confirmLabel={`Discard the ${p.queued} rows not yet sent`}
          danger
          busy={action.busy}
          onClose={() => setCancelling(false)}
          onConfirm={() => void act('batch.cancel')}
        >
          <p>
            {p.sent} of {p.total} rows were sent and keep their outcome; a payout already accepted is stopped only in
            the provider&apos;s console. The {p.queued} rows not yet sent are discarded and can never be sent under this
            batch.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  )
}
