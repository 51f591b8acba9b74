import type { ProfileView } from '@shared/ipc/channels/profiles'

/** The environment, loud: production must never be mistaken for sandbox. */
export function EnvBadge({ environment }: { environment: ProfileView['environment'] }) {
  return (
    <span className={`env-badge env-${environment}`} data-testid="env-badge">
      {environment === 'production' ? 'PRODUCTION' : 'SANDBOX'}
    </span>
  )
}
