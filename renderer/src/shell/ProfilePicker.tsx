import { useState } from 'react'
import { asDeskError, type DeskCallError } from '../desk'
import { ErrorBox } from '../components/ErrorBox'
import { useProfiles, useSelectProfile } from '../data/profiles'
import { shown, shownLine } from '@shared/text/visible-text'
import { optionName } from '../names/logical-cut'

const ENVIRONMENT = { sandbox: 'Sandbox', production: 'Production' } as const
/** What the picker's 18rem show of a name after the environment: cut at its logical end, whole in the title. */
const NAME_CHARS = 26

export function ProfilePicker() {
  const { profiles, current } = useProfiles()
  const { mutateAsync: select } = useSelectProfile()
  const [error, setError] = useState<DeskCallError | null>(null)
  if (profiles.length === 0) return <span className="muted">No profile</span>
  return (
    <>
      <label className="small muted" htmlFor="profile-picker">
        Profile
      </label>
      {/* The environment leads each option: a long name is cut at its end, never the environment. */}
      <select
        id="profile-picker"
        title={current ? shownLine`${current.name} (${current.environment})` : undefined}
        value={current?.id ?? ''}
        onChange={(e) => {
          setError(null)
          select({ profileId: e.target.value }).catch((err: unknown) => setError(asDeskError(err)))
        }}
      >
        {current ? null : <option value="">Choose a profile</option>}
        {profiles.map((p) => (
          <option key={p.id} value={p.id}>
            {ENVIRONMENT[p.environment]} · {optionName(shown(p.name), NAME_CHARS)}
          </option>
        ))}
      </select>
      {error ? <ErrorBox error={error} title="Could not switch profile" /> : null}
    </>
  )
}
