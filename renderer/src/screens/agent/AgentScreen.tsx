import { Loading } from '../../components/Loading'
import { ScreenHead } from '../../components/ScreenHead'
import { useCurrentProfile } from '../../data/profiles'
import { AgentPolicyPanel } from './AgentPolicyPanel'
import { AgentStopPanel } from './AgentStopPanel'
import { AgentToolsToggle } from './AgentToolsToggle'

/**
 * The local AI agent of the profile in use, as a control of its own (issue 54): whether it may write, the policy its
 * write tools obey with the backtest beside it, and the stop switch. Keys & profiles keeps keys and profiles.
 */
export function AgentScreen() {
  const profile = useCurrentProfile()
  if (!profile) return <Loading what="the profile" />
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
