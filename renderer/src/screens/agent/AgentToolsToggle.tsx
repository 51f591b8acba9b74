import { useState } from 'react'
import type { ProfileView } from '@shared/ipc/channels/profiles'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ErrorBox } from '../../components/ErrorBox'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'
import { UserText } from '../../names/UserText'
import { CanWrite } from '../../components/CanWrite'

type Step = 'idle' | 'confirm' | 'confirm-production'

/** Lets the local AI agent request payouts and create destinations for this profile; production asks twice. */
export function AgentToolsToggle({ profile }: { profile: ProfileView }) {
  const [step, setStep] = useState<Step>('idle')
  const { busy, error, run } = useAction()
  const setAgentWriteTools = useDeskMutation('profiles.setAgentWriteTools')
  const env = profile.environment.toUpperCase()

  const apply = (enabled: boolean, confirmProduction: boolean) =>
    run(async () => {
      await setAgentWriteTools.mutateAsync({ profileId: profile.id, enabled, confirmProduction })
      setStep('idle')
    })

  return (
    <div className="panel">
      <h3>AI agent</h3>
      <CanWrite
        admin
        fallback={<p>The agent's write tools are {profile.agentWriteTools ? 'allowed' : 'not allowed'}.</p>}
      >
        <label className="row">
          <input
            type="checkbox"
            checked={profile.agentWriteTools}
            disabled={busy}
            onChange={(e) => (e.target.checked ? setStep('confirm') : void apply(false, false))}
          />
          Allow the agent's write tools (create destinations, request and cancel payouts)
        </label>
      </CanWrite>
      <p className="muted small">Read tools are always available to the local agent. It can never approve a payout.</p>
      {error ? <ErrorBox error={error} title="The setting was not changed" /> : null}
      {step === 'confirm' ? (
        <ConfirmDialog
          title="Allow agent write tools?"
          confirmLabel={profile.environment === 'production' ? 'Continue' : `Allow in ${env}`}
          danger={profile.environment === 'production'}
          busy={busy}
          onClose={() => setStep('idle')}
          onConfirm={() =>
            profile.environment === 'production' ? setStep('confirm-production') : void apply(true, false)
          }
        >
          <p className={`notice ${profile.environment === 'production' ? 'prod' : 'warn'}`}>
            The agent will be able to create destinations and request payouts in <strong>{env}</strong> for profile “
            <UserText>{profile.name}</UserText>”. Payouts still need approval in the provider's console.
          </p>
        </ConfirmDialog>
      ) : null}
      {step === 'confirm-production' ? (
        <ConfirmDialog
          title="Confirm for PRODUCTION"
          confirmLabel="Allow in PRODUCTION"
          danger
          busy={busy}
          onClose={() => setStep('idle')}
          onConfirm={() => void apply(true, true)}
        >
          <p className="notice prod">
            This is a <strong>PRODUCTION</strong> profile: requests the agent makes move real money once approved.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  )
}
