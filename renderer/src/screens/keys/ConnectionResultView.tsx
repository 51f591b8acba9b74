import type { ConnectionResult } from '@shared/ipc/channels/profiles'
import { CopyButton } from '../../components/CopyButton'

function offsetText(seconds: number | null): string {
  if (seconds === null) return 'clock offset unknown'
  return `clock offset ${seconds >= 0 ? '+' : ''}${seconds.toFixed(1)} s`
}

type FailureReason = Extract<ConnectionResult, { ok: false }>['reason']

/**
 * The heading of a failed test: the reason in words; a stalled body is told apart from a server that never answered.
 */
export function failureTitle(reason: FailureReason): string {
  return (
    `Connection failed ` +
    `(${reason === 'timeout' ? 'the answer started but timed out' : reason.replaceAll('_', ' ')})`
  )
}

export function ConnectionResultView({ result }: { result: ConnectionResult }) {
  if (result.ok) {
    return (
      <p className="notice good" role="status" data-testid="connection-result">
        Connected: the workspace has {result.walletCount} wallet{result.walletCount === 1 ? '' : 's'} ·{' '}
        {offsetText(result.clockOffsetSeconds)}
      </p>
    )
  }
  return (
    <div className="error-box" role="alert" data-testid="connection-result">
      <strong>{failureTitle(result.reason)}</strong>
      <p>{result.message}</p>
      <p className="muted small">
        {result.status !== null ? `HTTP ${result.status} · ` : ''}
        {offsetText(result.clockOffsetSeconds)}
        {result.requestId ? (
          <>
            {' · '}X-Request-Id <code className="mono">{result.requestId}</code>{' '}
            <CopyButton value={result.requestId} what="request id" />
          </>
        ) : null}
      </p>
    </div>
  )
}
