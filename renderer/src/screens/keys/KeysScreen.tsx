import { useState } from 'react'
import { EmptyState } from '../../components/EmptyState'
import { EnvBadge } from '../../components/EnvBadge'
import { ErrorBox } from '../../components/ErrorBox'
import { UserText } from '../../names/UserText'
import { useNav } from '../../stores/nav'
import { useProfiles, useSelectProfile } from '../../data/profiles'
import { ProfileDetail } from './ProfileDetail'
import { ProfileForm } from './ProfileForm'
import { CanWrite, useCanWrite } from '../../components/CanWrite'
import { ScreenHead } from '../../components/ScreenHead'
import { StatusChip } from '../../components/StatusChip'

export function KeysScreen() {
  const { profiles, current, reload, error } = useProfiles()
  const selectProfile = useSelectProfile()
  const detailId = useNav((s) => s.detailId)
  const go = useNav((s) => s.go)
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const creating = detailId === 'new'
  const canAdmin = useCanWrite(true)
  const selected = profiles.find((p) => p.id === (selectedId ?? current?.id)) ?? profiles[0] ?? null

  return (
    <div>
      <ScreenHead>
        <h1>Keys &amp; profiles</h1>
        <span className="spacer" />
        <CanWrite admin>
          <button type="button" className="primary" onClick={() => go('keys', 'new')} disabled={creating}>
            Add profile
          </button>
        </CanWrite>
      </ScreenHead>
      {error ? <ErrorBox error={error} title="Profiles could not be read" onRetry={() => void reload()} /> : null}
      {selectProfile.error ? (
        <ErrorBox error={selectProfile.error} title="Could not switch to the new profile" />
      ) : null}
      {creating && canAdmin ? (
        <ProfileForm
          onCancel={() => go('keys')}
          onCreated={(p) => {
            setSelectedId(p.id)
            go('keys')
            // With no profile in use, the new one becomes current, so the top bar and every screen show it. The list
            // itself follows profiles.changed.
            if (!current) selectProfile.mutate({ profileId: p.id })
          }}
        />
      ) : null}
      {profiles.length === 0 && !creating ? (
        <EmptyState title="No profiles yet">
          <p>Add a profile for each workspace and environment you use, then generate its key.</p>
        </EmptyState>
      ) : null}
      {profiles.length > 0 ? (
        <div className="split">
          <div>{selected ? <ProfileDetail profile={selected} onRemoved={() => setSelectedId(null)} /> : null}</div>
          <div>
            <table className="grid" aria-label="Profiles">
              <thead>
                <tr>
                  <th>Profile</th>
                  <th>Environment</th>
                  <th>Key</th>
                </tr>
              </thead>
              <tbody>
                {profiles.map((p) => (
                  <tr key={p.id} className="clickable" aria-selected={p.id === selected?.id}>
                    <td>
                      <button type="button" className="link" onClick={() => setSelectedId(p.id)}>
                        <UserText>{p.name}</UserText>
                      </button>
                      {p.id === current?.id ? <span className="muted small"> (in use)</span> : null}
                    </td>
                    <td>
                      <EnvBadge environment={p.environment} />
                    </td>
                    <td>
                      <StatusChip
                        status={!p.hasKey ? 'no_key' : p.keyId ? (p.pendingKey ? 'rotating' : 'ready') : 'needs_key_id'}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
    </div>
  )
}
