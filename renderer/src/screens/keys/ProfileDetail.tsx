import { useState } from 'react'
import type { ProfileView } from '@shared/ipc/channels/profiles'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { EnvBadge } from '../../components/EnvBadge'
import { ErrorBox } from '../../components/ErrorBox'
import { ShortId } from '../../components/ShortId'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'
import { KeyPanel } from './KeyPanel'
import { UserText } from '../../names/UserText'
import { shownLine } from '@shared/text/visible-text'
import { CanWrite } from '../../components/CanWrite'
import { ScreenHead } from '../../components/ScreenHead'

export function ProfileDetail({ profile, onRemoved }: { profile: ProfileView; onRemoved: () => void }) {
  const [confirmRemove, setConfirmRemove] = useState(false)
  // Removing the profile and opening the console share the panel's one error.
  const { busy, error, run } = useAction()
  const removeProfile = useDeskMutation('profiles.remove')
  const openSimulatorConsole = useDeskMutation('simulator.openConsole')

  const remove = () =>
    run(async () => {
      await removeProfile.mutateAsync({ profileId: profile.id })
      setConfirmRemove(false)
      onRemoved()
    })
  const openConsole = () => run(() => openSimulatorConsole.mutateAsync({}))

  return (
    <section aria-label={shownLine`Profile ${profile.name}`}>
      <div className="panel">
        <ScreenHead>
          <h2>
            <UserText>{profile.name}</UserText>
          </h2>
          <EnvBadge environment={profile.environment} />
          <span className="spacer" />
          {profile.embedded ? (
            <button type="button" onClick={() => void openConsole()}>
              Open simulator console
            </button>
          ) : null}
          <CanWrite admin>
            <button type="button" className="danger" onClick={() => setConfirmRemove(true)}>
              Remove profile
            </button>
          </CanWrite>
        </ScreenHead>
        <dl className="facts">
          <dt>Base URL</dt>
          <dd>
            <ShortId value={profile.baseUrl} what="base URL" />
          </dd>
          <dt>Algorithm</dt>
          <dd>{profile.algorithm === 'ed25519' ? 'Ed25519' : 'HMAC-SHA256'}</dd>
          <dt>Key ID</dt>
          <dd>
            {profile.keyId ? <ShortId value={profile.keyId} what="Key ID" /> : <span className="muted">not set</span>}
          </dd>
          <dt>Provider</dt>
          <dd>{profile.embedded ? 'the local simulator' : 'remote'}</dd>
        </dl>
        {error ? <ErrorBox error={error} /> : null}
      </div>
      <KeyPanel profile={profile} />
      {confirmRemove ? (
        <ConfirmDialog
          title="Remove this profile?"
          confirmLabel="Remove profile"
          danger
          busy={busy}
          onClose={() => setConfirmRemove(false)}
          onConfirm={() => void remove()}
        >
          <p>
            “<UserText>{profile.name}</UserText>” ({profile.environment}) and its key in the keychain are removed from
            this computer. The workspace at the provider is not touched.
          </p>
          {profile.keyId ? (
            <p data-testid="revoke-reminder">
              Its Key ID <code>{profile.keyId}</code> stays valid at the provider: revoke it in the provider's console.
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </section>
  )
}
