import { useCurrentProfile } from '../../data/profiles'
import { DustThresholdsPanel } from './DustThresholdsPanel'
import { ScreenCaptureToggle } from './ScreenCaptureToggle'
import { ThemeToggle } from '../../shell/ThemeToggle'
import { TimeZoneToggle } from '../../shell/TimeZoneToggle'
import { LockTimesPanel } from './LockTimesPanel'
import { ScreenHead } from '../../components/ScreenHead'

/** Settings › Preferences: how the desk shows things (times, theme), screen capture, and the profile's dust. */
export function PreferencesScreen() {
  const current = useCurrentProfile()
  return (
    <div>
      <ScreenHead>
        <h1>Preferences</h1>
      </ScreenHead>
      <section className="panel" aria-label="Display">
        <h3>Display</h3>
        <div className="row">
          <TimeZoneToggle />
          <ThemeToggle />
        </div>
        <p className="muted small">
          Times in UTC or local time on every screen; the theme follows the system until set.
        </p>
      </section>
      <ScreenCaptureToggle />
      <LockTimesPanel />
      {current?.keyId ? <DustThresholdsPanel /> : null}
    </div>
  )
}
