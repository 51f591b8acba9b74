import { ErrorBox } from '../../components/ErrorBox'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useDeskQuery } from '../../data/useDeskQuery'

/** App setting (all profiles): hide the window's contents from screenshots and screen sharing. */
export function ScreenCaptureToggle() {
  const settings = useDeskQuery('settings.get', {})
  const setHidden = useDeskMutation('settings.setHideFromScreenCapture')
  const { error, run } = useAction()
  const hidden = settings.data?.hideFromScreenCapture

  const apply = async (enabled: boolean) => {
    await run(() => setHidden.mutateAsync({ enabled }))
  }

  const problem = error ?? settings.error
  return (
    <section className="panel" aria-label="Screen capture">
      <h3>Screen capture</h3>
      <label className="row">
        <input
          type="checkbox"
          checked={hidden ?? false}
          disabled={hidden === undefined}
          onChange={(e) => void apply(e.target.checked)}
        />
        Hide this window from screenshots and screen sharing
      </label>
      <p className="muted small">
        Where the system allows it (Windows and macOS); a shared screen then shows the window empty.
      </p>
      {problem ? <ErrorBox error={problem} title="The setting could not be read or changed" /> : null}
    </section>
  )
}
