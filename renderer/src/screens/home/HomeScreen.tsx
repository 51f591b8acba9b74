import type { ProfileGlance } from '@shared/ipc/channels/home'
import { Amount, fractionSlot } from '../../components/Amount'
import { FailingChannels } from '../../components/FailingChannels'
import { EnvBadge } from '../../components/EnvBadge'
import { QueryView } from '../../components/QueryView'
import { Time } from '../../components/Time'
import { useDeskQuery } from '../../data/useDeskQuery'
import { UserText } from '../../names/UserText'
import { useNav } from '../../stores/nav'
import { useSelectProfile } from '../../data/profiles'
import { ScreenHead } from '../../components/ScreenHead'
import { Section } from '../../components/Section'

/** Every profile at a glance, from the stores on this machine: reading it asks no provider anything. */
export function HomeScreen() {
  const summary = useDeskQuery('home.summary', {})
  return (
    <div>
      <ScreenHead>
        <h1>Home</h1>
        <span className="spacer" />
        <button type="button" onClick={() => void summary.refetch()} disabled={summary.isFetching}>
          Refresh
        </button>
      </ScreenHead>
      <FailingChannels />
      <p className="muted small">
        What this computer last saw of each profile. Nothing here is read from a provider: balances are those of the
        last wallet read, with its time.
      </p>
      <QueryView query={summary} what="profiles" errorTitle="The profiles could not be read">
        {(home) => (
          <>
            {home.totals.map((t) => (
              <section
                key={t.environment}
                className="panel"
                aria-label={`${t.environment} total`}
                data-testid={`home-total-${t.environment}`}
              >
                <h2>
                  <EnvBadge environment={t.environment} /> Total of the last reads
                </h2>
                {/* A column of money, aligned on the decimal point, as a statement shows it. */}
                <ul className="money-column" style={fractionSlot(t.byAsset.map((a) => a.amount))}>
                  {t.byAsset.map((a) => (
                    <li key={a.asset}>
                      <Amount value={a.amount} asset={a.asset} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            <Section title="Profiles">
              <table className="grid" aria-label="Profiles">
                <thead>
                  <tr>
                    <th>Profile</th>
                    <th>Balances (last read)</th>
                    <th className="num">Waiting for approval</th>
                    <th className="num">Held agent requests</th>
                    <th className="num">Outbox unresolved</th>
                    <th>History ledger</th>
                  </tr>
                </thead>
                <tbody>
                  {home.profiles.map((p) => (
                    <ProfileRow key={p.profileId} glance={p} />
                  ))}
                </tbody>
              </table>
            </Section>
          </>
        )}
      </QueryView>
    </div>
  )
}

function ProfileRow({ glance: p }: { glance: ProfileGlance }) {
  const { mutateAsync: select } = useSelectProfile()
  const go = useNav((s) => s.go)
  const s = p.store
  return (
    <tr data-testid="home-profile">
      <td>
        <button
          type="button"
          className="link"
          onClick={() => {
            void select({ profileId: p.profileId }).then(() => go('wallets'))
          }}
        >
          <UserText>{p.name}</UserText>
        </button>{' '}
        <EnvBadge environment={p.environment} />
      </td>
      {p.problem ? (
        <td colSpan={5}>
          <span className="chip chip-bad">Store unreadable</span> <UserText>{p.problem}</UserText>
        </td>
      ) : !s ? (
        <td colSpan={5} className="muted">
          Not opened on this computer yet.
        </td>
      ) : (
        <>
          <td>
            {s.balances ? (
              <>
                <ul
                  className="money-column"
                  aria-label="Balances"
                  style={fractionSlot(s.balances.byAsset.map((a) => a.amount))}
                >
                  {s.balances.byAsset.map((a) => (
                    <li key={a.asset}>
                      <Amount value={a.amount} asset={a.asset} />
                    </li>
                  ))}
                </ul>
                <div className="muted small">
                  read <Time value={s.balances.readAt} />
                </div>
              </>
            ) : (
              <span className="muted">No wallet read kept yet</span>
            )}
          </td>
          <td className="num">
            {/* A count from the store is as old as its read: never shown as if current, nor as 0 when never read. */}
            {s.waitingReadAt === null ? (
              <span className="muted">Not read</span>
            ) : (
              <>
                <span data-testid="home-waiting">{s.waitingApproval}</span>
                <div className="muted small">
                  read <Time value={s.waitingReadAt} />
                </div>
              </>
            )}
          </td>
          <td className="num">{s.held}</td>
          <td className="num">{s.unresolved}</td>
          <td>
            {!s.ledger ? (
              <span className="muted">Not synced</span>
            ) : s.ledger.lastError ? (
              <>
                <span className="chip chip-bad">Last sync failed</span> <UserText>{s.ledger.lastError}</UserText>
              </>
            ) : s.ledger.syncedAt ? (
              <>
                {s.ledger.complete ? 'Complete' : 'Partial'}, synced <Time value={s.ledger.syncedAt} />
              </>
            ) : (
              <span className="muted">First sync not finished</span>
            )}
          </td>
        </>
      )}
    </tr>
  )
}
