import type { DeskCallError } from '../desk'
import { CoreText } from '../names/CoreText'
import { CopyButton } from './CopyButton'

/**
 * An error in plain words (it may echo the provider's text, so shown like any other untrusted text), with the
 * provider's request id to quote to support, and a retry where a read failed.
 */
export function ErrorBox({ error, onRetry, title }: { error: DeskCallError; onRetry?: () => void; title?: string }) {
  return (
    <div className="error-box" role="alert">
      <strong>{title ?? 'Something went wrong'}</strong>
      <p>
        <CoreText>{error.message}</CoreText>
      </p>
      <p className="muted small">
        Code <code>{error.code}</code>
        {error.requestId ? (
          <>
            {' · '}X-Request-Id <code className="mono">{error.requestId}</code>{' '}
            <CopyButton value={error.requestId} what="request id" />
          </>
        ) : null}
      </p>
      {onRetry ? (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </div>
  )
}
