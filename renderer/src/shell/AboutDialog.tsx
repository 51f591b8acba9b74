import { Dialog } from '../components/Dialog'
import { QueryView } from '../components/QueryView'
import { useDeskQuery } from '../data/useDeskQuery'
import { shown } from '@shared/text/visible-text'

/** Version and runtime facts, read through the real router (`app.info`). */
export function AboutDialog({ onClose }: { onClose: () => void }) {
  const info = useDeskQuery('app.info', {})
  return (
    <Dialog title="About Payout Desk" onClose={onClose}>
      <QueryView query={info} what="version information" errorTitle="Version information could not be read">
        {(data) => (
          <dl className="facts" data-testid="app-info">
            <dt>Name</dt>
            <dd>{shown(data.name)}</dd>
            <dt>Version</dt>
            <dd className="mono">{data.version}</dd>
            <dt>Platform</dt>
            <dd className="mono">
              {data.platform} {data.arch}
            </dd>
            <dt>Electron</dt>
            <dd className="mono">{data.versions.electron ?? 'not running in Electron'}</dd>
            <dt>Chrome</dt>
            <dd className="mono">
              {data.versions.chrome ?? navigator.userAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? 'unknown'}
            </dd>
            <dt>Node</dt>
            <dd className="mono">{data.versions.node ?? 'unknown'}</dd>
            <dt>Shell</dt>
            <dd>{data.shell}</dd>
          </dl>
        )}
      </QueryView>
      <div className="actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  )
}
