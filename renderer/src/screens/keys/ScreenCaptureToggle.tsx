import { useEffect, useState } from 'react'
import { asDeskError, call, type DeskCallError } from '../../desk'
import { ErrorBox } from '../../components/ErrorBox'

/** App setting (all profiles): hide the window's contents from screenshots and screen sharing. */
export function ScreenCaptureToggle() {
  const [hidden, setHidden] = useState<boolean | null>(null)
  const [error, setError] = useState<DeskCallError | null>(null)

  useEffect(() => {
    call('settings.get', {}).then((s) => setHidden(s.hideFromScreenCapture), (err: unknown) => setError(asDeskError(err)))
  }, [])

  const apply = async (enabled: boolean) => {
    setError(null)
    try {
      setHidden((await call('settings.setHideFromScreenCapture', { enabled })).hideFromScreenCapture)
    } catch (err) {
      setError(asDeskError(err))
    }
  }

  return (
    <div className="panel">
      <h3>Settings</h3>
      <label className="row">
        <input type="checkbox" checked={hidden ?? false} disabled={hidden === null} onChange={(e) => void apply(e.target.checked)} />
        Hide this window from screenshots and screen sharing
      </label>
      <p className="muted small">Where the system allows it (Windows and macOS); a shared screen then shows the window empty.</p>
      {error ? <ErrorBox error={error} title="The setting could not be read or changed" /> : null}
    </div>
  )
}
