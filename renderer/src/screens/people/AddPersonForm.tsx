import { useState, type FormEvent } from 'react'
import { PERSON_ROLES, type PersonRole } from '@shared/ipc/channels/desk-lock'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { ROLE_NAMES } from '../../components/role-names'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'

/** Adds a person; the admin at the desk types their own passphrase again (the desk's first person: nobody). */
export function AddPersonForm({ first }: { first: boolean }) {
  const [name, setName] = useState('')
  const [role, setRole] = useState<PersonRole>('admin')
  const [passphrase, setPassphrase] = useState('')
  const [yours, setYours] = useState('')
  const add = useDeskMutation('people.add')
  const { busy, error, run } = useAction()
  const ready = name.trim() !== '' && passphrase !== '' && (first || yours !== '')

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!ready) return
    const done = await run(() =>
      add.mutateAsync({
        name: name.trim(),
        role: first ? 'admin' : role,
        passphrase,
        ...(first ? {} : { yourPassphrase: yours }),
      }),
    )
    setPassphrase('')
    setYours('')
    if (done) setName('')
  }

  return (
    <form className="panel" onSubmit={(e) => void submit(e)} aria-label="Add a person">
      <h2>{first ? 'Add the first person (an admin)' : 'Add a person'}</h2>
      <div className="row">
        <Field label="Name">
          <input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
        </Field>
        {first ? null : (
          <Field label="Role">
            <select value={role} onChange={(e) => setRole(e.target.value as PersonRole)}>
              {PERSON_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_NAMES[r]}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field label="Their passphrase" hint="At least 8 characters; kept only as a scrypt hash.">
          <input
            type="password"
            autoComplete="new-password"
            value={passphrase}
            onChange={(e) => setPassphrase(e.target.value)}
          />
        </Field>
        {first ? null : (
          <Field label="Your passphrase">
            <input
              type="password"
              autoComplete="current-password"
              value={yours}
              onChange={(e) => setYours(e.target.value)}
            />
          </Field>
        )}
        <button type="submit" disabled={busy || !ready}>
          Add
        </button>
      </div>
      {error ? <ErrorBox error={error} title="The person was not added" /> : null}
    </form>
  )
}
