import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { on } from '../desk'
import { useProfiles } from '../stores/profiles'
import { createDeskQueryClient } from './query-client'
import { wireDeskEvents } from './desk-events'
import { resetOnProfileSwitch } from './profile-reset'

const currentProfileId = () => useProfiles.getState().current?.id ?? null

/** The cache every screen reads through, kept true by the core's events and emptied on a profile switch. */
export function DataProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createDeskQueryClient)
  useEffect(() => {
    const stopReset = resetOnProfileSwitch(client, (listener) => {
      listener(currentProfileId())
      return useProfiles.subscribe((s) => listener(s.current?.id ?? null))
    })
    const stopEvents = wireDeskEvents(client, on, currentProfileId)
    return () => {
      stopEvents()
      stopReset()
    }
  }, [client])
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}
