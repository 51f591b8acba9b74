import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { on } from '../desk'
import { createDeskQueryClient } from './query-client'
import { wireDeskEvents } from './desk-events'
import { wireLockEvents } from './lock'
import { resetOnProfileSwitch } from './profile-reset'
import { currentProfileId, PROFILE_READS, watchCurrentProfile } from './profiles'

/** The cache every screen reads through, kept true by the core's events and emptied on a profile switch. */
export function DataProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createDeskQueryClient)
  useEffect(() => {
    // The lock's state is the desk's, not a profile's: a switch keeps it (its gate observes it throughout).
    const stopReset = resetOnProfileSwitch(client, (listener) => watchCurrentProfile(client, listener), [
      ...PROFILE_READS,
      'lock.status',
    ])
    const stopEvents = wireDeskEvents(client, on, () => currentProfileId(client))
    const stopLock = wireLockEvents(client, on)
    return () => {
      stopLock()
      stopEvents()
      stopReset()
    }
  }, [client])
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}
