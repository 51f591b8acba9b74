import { DeskError } from '../errors'

/**
 * The request went out, and what came back could not be written here (a full or failing disk). The store's own
 * message ends "nothing was sent", which is now false: told that, a person requests the payout again under a new key,
 * and it is paid twice. The entry stays `sending`; when the profile is next opened, the outbox reclaims it and looks
 * it up under its key.
 */
export function outcomeNotRecorded(err: unknown, withdrawalId: string | null): DeskError {
  const code = err instanceof DeskError ? err.code : 'store_error'
  const why = err instanceof DeskError ? firstSentence(err.message) : 'The outbox could not be written.'
  const sent = withdrawalId
    ? `The provider accepted this payout (${withdrawalId}), but this computer could not record that.`
    : 'This payout was sent and the provider may have recorded it, but this computer could not record the answer.'
  return new DeskError(
    code,
    `${sent} ${why} Do not request it again: it stays "sending" in the outbox, and is looked up under its own ` +
      `key when the profile is next opened with a disk that can be written.`,
  )
}

function firstSentence(message: string): string {
  const end = message.indexOf('. ')
  return end === -1 ? message : message.slice(0, end + 1)
}
