import { shown } from '@shared/text/visible-text'
import { useState, type FormEvent } from 'react'
import { PERSON_ROLES, type PersonRole, type PersonView } from '@shared/ipc/channels/desk-lock'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { ROLE_NAMES } from '../../components/role-names'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'

/** Sets a person's passphrase or removes them; the admin types their own passphrase again for either. */
export function ChangePersonForm({ people }: { people: readonly PersonView[] }) {
  const [name, setName] = useState(people[0]?.name ?? '')
  const [passphrase, setPassphrase] = useState('')
  const [yours, setYours] = useState('')
  const [done, setDone] = useState<string | null>(null)
  const setOne = useDeskMutation('people.setPassphrase')
  const remove = useDeskMutation('people.remove')
  const setRole = useDeskMutation('people.setRole')
  const [role, setRoleChoice] = useState<PersonRole>('treasurer')
  const { busy, error, run } = useAction()
  const chosen = people.some((p) => p.name === name) ? name : (people[0]?.name ?? '')

  const act = async (e: FormEvent, what: 'passphrase' | 'remove' | 'role') => {
    e.preventDefault()
    if (!chosen || !yours || (what === 'passphrase' && !passphrase)) return
    setDone(null)
    const ok = await run(() =>
      what === 'remove'
        ? remove.mutateAsync({ name: chosen, yourPassphrase: yours })
        : what === 'role'
          ? setRole.mutateAsync({ name: chosen, role, yourPassphrase: yours })
          : setOne.mutateAsync({ name: chosen, passphrase, yourPassphrase: yours }),
    )
    setPassphrase('')
    setYours('')
    const said = {
      remove: `${chosen} was removed.`,
      role: `${chosen}'s role is now ${ROLE_NAMES[role]}.`,
      passphrase: `${chosen}'s passphrase was set.`,
    }
    if (ok) setDone(said[what])
  }

  return (
    <form className="panel" onSubmit={(e) => void act(e, 'passphrase')} aria-label="Change a person">
      <h2>Change a person</h2>
      <div className="row">
        <Field label="Person">
          <select value={chosen} onChange={(e) => setName(e.target.value)}>
            {people.map((p) => (
              <option key={p.id} value={shown(p.name)}>
                {shown(p.name)}
              </option>
            ))}
          </select>
        </Field>
        <Field label="New passphrase" hint="Only to set one.">
          <input
            type="password"
            autoComplete="new-password"
            value={passphrase}
            onChange={(e) => setPassphrase(e.target.value)}
          />
        </Field>
        <Field label="Your passphrase">
          <input
            type="password"
            autoComplete="current-password"
            value={yours}
            onChange={(e) => setYours(e.target.value)}
          />
        </Field>
        <button type="submit" disabled={busy || !yours || !passphrase}>
          Set passphrase
        </button>
        <Field label="Role">
          <select value={role} onChange={(e) => setRoleChoice(e.target.value as PersonRole)}>
            {PERSON_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_NAMES[r]}
              </option>
            ))}
          </select>
        </Field>
        <button type="button" disabled={busy || !yours} onClick={(e) => void act(e, 'role')}>
          Set role
        </button>
      </div>
      {/* Removing is the one act that cannot be set back: on a line of its own, apart from the changes above. */}
      <div className="actions">
        <button type="button" className="danger" disabled={busy || !yours} onClick={(e) => void act(e, 'remove')}>
          Remove {shown(chosen)}
        </button>
      </div>
      <p role="status">{done}</p>
      {error ? <ErrorBox error={error} title="Nothing was changed" /> : null}
    </form>
  )
}
