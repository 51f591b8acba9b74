import { EmptyState } from '../../components/EmptyState'
import { ScreenHead } from '../../components/ScreenHead'
import { useProfiles } from '../../data/profiles'
import { AgentPolicyPanel } from './AgentPolicyPanel'
import { AgentStopPanel } from './AgentStopPanel'
import { AgentToolsToggle } from './AgentToolsToggle'

/**
 * The local AI agent of the profile in use, as a control of its own (issue 54): whether it may write, the policy its
 * write tools obey with the backtest beside it, and the stop switch. Keys & profiles keeps keys and profiles.
 */
export function AgentScreen() {
  const { profiles, current } = useProfiles()
  // The list's entry, as Keys & profiles reads it: the one a change of the agent's switch refreshes.
  const profile = profiles.find((p) => p.id === current?.id) ?? current
  if (!profile)
    return (
      <EmptyState title="No profile selected">
        <p>Pick a profile in the top bar: the agent's switch and policy are each profile's.</p>
      </EmptyState>
    )
  return (
    <div>
      <ScreenHead>
        <h1>Agent</h1>
      </ScreenHead>
      <AgentToolsToggle profile={profile} />
      {profile.agentWriteTools ? (
        <>
          <AgentStopPanel profile={profile} />
          <AgentPolicyPanel profile={profile} />
        </>
      ) : null}
    </div>
  )
}
