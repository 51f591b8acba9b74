import type { ReactNode } from 'react'
import { seatOf, useLockStatus } from '../data/lock'
import { useCurrentProfile } from '../data/profiles'
import { useDeskQuery } from '../data/useDeskQuery'

/**
 * Whether the person at the desk may make this kind of change: a viewer changes nothing, and keys, the policy,
 * profiles and people are an admin's (the core refuses the same with `view_only` / `admin_only`), and a view-only
 * profile takes no write at all. Without people on the desk, anyone may. Every screen asks here, so a write
 * control a seat may not use is absent, not merely refused.
 */
export function useCanWrite(admin = false): boolean {
  const seat = seatOf(useLockStatus().data)
  const profileId = useCurrentProfile()?.id ?? ''
  // A view-only profile takes no write from anyone (the core's view_only); its seat is read per profile.
  const viewOnly = useDeskQuery('seat.show', { profileId }, { enabled: profileId !== '' }).data?.viewOnly === true
  return !viewOnly && (admin ? seat.isAdmin : seat.canWrite)
}

/**
 * Shows its children (a write control) only to a seat that may use it, else `fallback` (a read-only account of the
 * same state, if the screen has one); `admin` for keys, the policy and profiles.
 */
export function CanWrite({
  admin = false,
  fallback = null,
  children,
}: {
  admin?: boolean
  fallback?: ReactNode
  children: ReactNode
}) {
  return <>{useCanWrite(admin) ? children : fallback}</>
}
