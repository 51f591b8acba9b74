import { shown } from '@shared/text/visible-text'
import type { ProfileView } from '@shared/ipc/channels/profiles'
import { ErrorBox } from '../../components/ErrorBox'
import { useAction } from '../../components/useAction'
import { useProfiles } from '../../data/profiles'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useDeskQuery } from '../../data/useDeskQuery'

/**
 * One profile's seat: view-only and four eyes, switched by an admin. Lifting view-only under four eyes asks a second
 * admin in the dialog the core's `second_person_required` opens (second-person.ts).
 */
function SeatRow({ profile, admin }: { profile: ProfileView; admin: boolean }) {
  const seat = useDeskQuery('seat.show', { profileId: profile.id })
  const set = useDeskMutation('seat.set')
  const { busy, error, run } = useAction()
  const name = shown(profile.name)
  const toggle = (change: { viewOnly?: boolean; fourEyes?: boolean }) =>
    void run(() => set.mutateAsync({ profileId: profile.id, ...change }))
  const box = (label: string, on: boolean | undefined, change: (on: boolean) => void) =>
    admin && on !== undefined ? (
      <input
        type="checkbox"
        aria-label={label}
        checked={on}
        disabled={busy}
        onChange={(e) => change(e.target.checked)}
      />
    ) : on === undefined ? (
      '…'
    ) : on ? (
      'on'
    ) : (
      'off'
    )
  return (
    <tr>
      <td>{name}</td>
      <td>{profile.environment === 'production' ? 'Production' : 'Sandbox'}</td>
      <td>{box(`View-only for ${name}`, seat.data?.viewOnly, (viewOnly) => toggle({ viewOnly }))}</td>
      <td>{box(`Four eyes for ${name}`, seat.data?.fourEyes, (fourEyes) => toggle({ fourEyes }))}</td>
      <td>
        {seat.data?.viewOnlyOffProposedBy ? `Lifting asked by ${shown(seat.data.viewOnlyOffProposedBy)}` : null}
        {error ? <ErrorBox error={error} title="The seat was not changed" /> : null}
        {seat.error ? <ErrorBox error={seat.error} title="The seat could not be read" /> : null}
      </td>
    </tr>
  )
}

/** Every profile's seat: who may write there (view-only) and whether acts that move trust take two people. */
export function ProfileSeatsPanel({ admin }: { admin: boolean }) {
  const { profiles } = useProfiles()
  if (profiles.length === 0) return null
  return (
    <section className="panel" aria-labelledby="seats-heading">
      <h2 id="seats-heading">Profiles</h2>
      <p className="muted small">
        A view-only profile takes no write from anyone and its agent gets read tools only. Four eyes: a payee change, a
        release, an acknowledgement, a looser policy and lifting view-only are finished by a second person.
      </p>
      <table className="grid" aria-label="Profile seats">
        <thead>
          <tr>
            <th>Profile</th>
            <th>Environment</th>
            <th>View-only</th>
            <th>Four eyes</th>
            <th>
              <span className="sr-only">State</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {profiles.map((p) => (
            <SeatRow key={p.id} profile={p} admin={admin} />
          ))}
        </tbody>
      </table>
    </section>
  )
}
