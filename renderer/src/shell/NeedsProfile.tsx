import type { ReactNode } from 'react'
import { EmptyState } from '../components/EmptyState'
import { useNav } from '../stores/nav'
import { useCurrentProfile } from '../data/profiles'

/** Treasurer screens need a selected profile with a key; otherwise they say what to do. */
export function NeedsProfile({ children }: { children: ReactNode }) {
  const current = useCurrentProfile()
  const go = useNav((s) => s.go)
  if (!current) {
    return (
      <EmptyState title="No profile selected">
        <p>Pick a profile in the top bar, or add one.</p>
        <button type="button" onClick={() => go('keys')}>
          Open Keys &amp; profiles
        </button>
      </EmptyState>
    )
  }
  if (!current.hasKey || !current.keyId) {
    return (
      <EmptyState title={`${current.name} cannot sign requests yet`}>
        <p>Generate a key, register its public key in the provider's console, then enter the Key ID it returns.</p>
        <button type="button" onClick={() => go('keys')}>
          Set up the key
        </button>
      </EmptyState>
    )
  }
  return <>{children}</>
}
