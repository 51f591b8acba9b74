import type { DeskCallError } from '../desk'
import { CopyButton } from './CopyButton'
import { Time } from './Time'

interface Props {
  error: DeskCallError
  /** Epoch ms when the data shown was read. */
  at: number
  retrying: boolean
  onRetry: () => void
}

/** Over data that could not be read again: how old it is, why, the request id to quote, and a retry. */
export function StaleNotice({ error, at, retrying, onRetry }: Props) {
  return (
    <div className="notice warn" role="status" data-testid="stale-notice">
      <p>
        As of <Time value={at} clock /> — the provider did not answer
        {error.requestId ? (
          <>
            {' '}
            (request id <code className="mono">{error.requestId}</code>{' '}
            <CopyButton value={error.requestId} what="request id" />)
          </>
        ) : null}
        . {error.message}
      </p>
      <button type="button" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
    </div>
  )
}
