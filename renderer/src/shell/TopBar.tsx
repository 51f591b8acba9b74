import { useState } from 'react'
import { EnvBadge } from '../components/EnvBadge'
import { useDeskQuery } from '../data/useDeskQuery'
import { useCurrentProfile } from '../data/profiles'
import { AboutDialog } from './AboutDialog'
import { AgentStopControl } from './AgentStopControl'
import { LockButton } from './LockButton'
import { PacingMeter } from './PacingMeter'
import { ProfilePicker } from './ProfilePicker'
import { NotificationsToggle } from './NotificationsToggle'

export function TopBar() {
  const current = useCurrentProfile()
  const [about, setAbout] = useState(false)
  const info = useDeskQuery('app.info', {})
  return (
    <header className="topbar">
      <span className="brand">Payout Desk</span>
      <ProfilePicker />
      {current ? <EnvBadge environment={current.environment} /> : null}
      {info.data?.keysInMemory ? (
        <span
          className="chip chip-wait topbar-shrink"
          role="note"
          data-testid="keys-in-memory"
          title="demo: keys live in memory and vanish at exit"
        >
          demo: keys live in memory and vanish at exit
        </span>
      ) : null}
      <span className="spacer" />
      <AgentStopControl />
      {current ? <PacingMeter /> : null}
      <NotificationsToggle />
      <LockButton />
      <button type="button" onClick={() => setAbout(true)}>
        About
      </button>
      {about ? <AboutDialog onClose={() => setAbout(false)} /> : null}
    </header>
  )
}
