import { ErrorBox } from '../../components/ErrorBox'
import { useAction } from '../../components/useAction'
import { useCurrentProfile } from '../../data/profiles'
import { useDeskMutation } from '../../data/useDeskMutation'

/**
 * Where a payout waits for approval on the local simulator, the console that approves it is one click away (it is also
 * under Keys & profiles). Nothing for a provider's profile: its console is the provider's own site.
 */
export function SimulatorConsoleButton() {
  const profile = useCurrentProfile()
  const open = useDeskMutation('simulator.openConsole')
  const { busy, error, run } = useAction()
  if (!profile?.embedded) return null
  return (
    <span className="row" data-testid="simulator-console">
      <button type="button" disabled={busy} onClick={() => void run(() => open.mutateAsync({}))}>
        Open simulator console
      </button>
      <span className="muted small">approve or reject it there, as a second person would</span>
      {error ? <ErrorBox error={error} title="The simulator console did not open" /> : null}
    </span>
  )
}
