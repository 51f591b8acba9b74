import { useState, type FormEvent } from 'react'
import { checkBaseUrl } from '@shared/api/base-url'
import type { ProfileView } from '@shared/ipc/channels/profiles'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'
import { EscapeCloses } from '../../components/EscapeCloses'

/** The core's own rule (https, or http on this machine in either environment), said before the form is sent. */
function baseUrlProblem(url: string): string | null {
  const checked = checkBaseUrl(url)
  return 'problem' in checked ? checked.problem : null
}

/** Creates a profile; the environment is always chosen explicitly. */
export function ProfileForm({ onCreated, onCancel }: { onCreated: (p: ProfileView) => void; onCancel: () => void }) {
  const [name, setName] = useState('')
  const [environment, setEnvironment] = useState<ProfileView['environment']>('sandbox')
  const [baseUrl, setBaseUrl] = useState('')
  const [algorithm, setAlgorithm] = useState<ProfileView['algorithm']>('ed25519')
  const [touched, setTouched] = useState(false)
  const { busy, error, run } = useAction()
  const create = useDeskMutation('profiles.create')

  const nameProblem =
    name.trim().length === 0 ? 'Give the profile a name.' : name.length > 80 ? 'At most 80 characters.' : null
  const urlProblem = baseUrlProblem(baseUrl)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (nameProblem || urlProblem) return
    const created = await run(() => create.mutateAsync({ name: name.trim(), environment, baseUrl, algorithm }))
    if (created) onCreated(created)
  }

  return (
    <form className="panel" onSubmit={(e) => void submit(e)} aria-label="New profile">
      <h2>New profile</h2>
      <div className="row">
        <Field label="Name" error={touched ? nameProblem : null}>
          <input value={name} maxLength={80} onChange={(e) => setName(e.target.value)} autoFocus />
        </Field>
        <Field label="Environment">
          <select value={environment} onChange={(e) => setEnvironment(e.target.value as ProfileView['environment'])}>
            <option value="sandbox">Sandbox</option>
            <option value="production">Production</option>
          </select>
        </Field>
        <Field label="Algorithm">
          <select value={algorithm} onChange={(e) => setAlgorithm(e.target.value as ProfileView['algorithm'])}>
            <option value="ed25519">Ed25519 (recommended)</option>
            <option value="hmac">HMAC (legacy secret)</option>
          </select>
        </Field>
      </div>
      <Field
        label="Base URL"
        error={touched ? urlProblem : null}
        hint="The provider's API address for this environment."
      >
        <input
          value={baseUrl}
          maxLength={2048}
          placeholder="https://api.provider.example"
          onChange={(e) => setBaseUrl(e.target.value)}
        />
      </Field>
      {environment === 'production' ? (
        <p className="notice prod">Production moves real money. This profile will be marked PRODUCTION everywhere.</p>
      ) : null}
      {error ? <ErrorBox error={error} title="The profile was not created" /> : null}
      <div className="actions">
        <EscapeCloses onClose={onCancel} />
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={busy}>
          Create profile
        </button>
      </div>
    </form>
  )
}
