import { call } from '../desk'
import { Dialog } from '../components/Dialog'
import { ErrorBox } from '../components/ErrorBox'
import { Loading } from '../components/Loading'
import { useRead } from '../components/useRead'

/** Version and runtime facts, read through the real router (`app.info`). */
export function AboutDialog({ onClose }: { onClose: () => void }) {
  const info = useRead(() => call('app.info', {}), [])
  return (
    <Dialog title="About Payout Desk" onClose={onClose}>
      {info.error ? <ErrorBox error={info.error} onRetry={info.retry} /> : null}
      {info.loading && !info.data ? <Loading what="version information" /> : null}
      {info.data ? (
        <dl className="facts" data-testid="app-info">
          <dt>Name</dt>
          <dd>{info.data.name}</dd>
          <dt>Version</dt>
          <dd className="mono">{info.data.version}</dd>
          <dt>Platform</dt>
          <dd className="mono">
            {info.data.platform} {info.data.arch}
          </dd>
          <dt>Electron</dt>
          <dd className="mono">{info.data.versions.electron ?? 'not running in Electron'}</dd>
          <dt>Chrome</dt>
          <dd className="mono">{info.data.versions.chrome ?? navigator.userAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? 'unknown'}</dd>
          <dt>Node</dt>
          <dd className="mono">{info.data.versions.node ?? 'unknown'}</dd>
          <dt>Shell</dt>
          <dd>{info.data.shell}</dd>
        </dl>
      ) : null}
      <div className="actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  )
}
