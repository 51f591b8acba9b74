import { shown } from '@shared/text/visible-text'
import type { PersonView } from '@shared/ipc/channels/desk-lock'
import { ErrorBox } from '../../components/ErrorBox'
import { Loading } from '../../components/Loading'
import { ROLE_NAMES } from '../../components/role-names'
import { ScreenHead } from '../../components/ScreenHead'
import { seatOf, useLockStatus } from '../../data/lock'
import { useDeskQuery } from '../../data/useDeskQuery'
import { AddPersonForm } from './AddPersonForm'
import { ChangePersonForm } from './ChangePersonForm'
import { ProfileSeatsPanel } from './ProfileSeatsPanel'

/** The desk's people and their roles; an admin adds, removes and sets passphrases (a desk without people: anyone). */
export function PeopleScreen() {
  const status = useLockStatus().data
  const people = useDeskQuery('people.list', {})
  const { isAdmin } = seatOf(status)
  return (
    <section aria-labelledby="people-heading">
      <ScreenHead>
        <h1 id="people-heading">People</h1>
      </ScreenHead>
      <p className="muted">
        People belong to this workstation&rsquo;s desk, not to a profile. Once one exists the app locks, every act names
        its person, a viewer changes nothing, and keys, the policy and people are an admin&rsquo;s.
      </p>
      {people.error ? <ErrorBox error={people.error} title="People could not be read" /> : null}
      {people.data ? <PeopleTable people={people.data} /> : people.isPending ? <Loading what="people" /> : null}
      {people.data && people.data.length > 0 ? <ProfileSeatsPanel admin={isAdmin} /> : null}
      {isAdmin && people.data ? (
        <>
          <AddPersonForm first={people.data.length === 0} />
          {people.data.length > 0 ? <ChangePersonForm people={people.data} /> : null}
        </>
      ) : null}
    </section>
  )
}

function PeopleTable({ people }: { people: readonly PersonView[] }) {
  if (people.length === 0)
    return <p>No people yet: the desk is open to whoever sits at it. The first person you add is an admin.</p>
  return (
    <table className="grid" aria-label="People" data-testid="people">
      <thead>
        <tr>
          <th>Name</th>
          <th>Role</th>
        </tr>
      </thead>
      <tbody>
        {people.map((p) => (
          <tr key={p.id}>
            <td>{shown(p.name)}</td>
            <td>{ROLE_NAMES[p.role]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
