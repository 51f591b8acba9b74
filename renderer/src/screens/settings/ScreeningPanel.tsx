import { useState } from 'react'
import { SCREENING_MAX_AGE_DAYS } from '@shared/payouts/stale-screening'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { Time } from '../../components/Time'
import { useAction } from '../../components/useAction'
import { toBase64 } from '../../data/file-base64'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useDeskQuery } from '../../data/useDeskQuery'
import { UserText } from '../../names/UserText'
import { CanWrite } from '../../components/CanWrite'

/** The channel takes 70 M base64 characters: a bigger file is not even read into the page. */
const MAX_BYTES = 50 * 1024 * 1024

/**
 * The profile's screening lists: import one from a file the person downloaded (OFAC's sdn.xml or a CSV of network and
 * address; no network access is assumed), and each list's name, date, age and whether it is stale.
 */
export function ScreeningPanel() {
  const lists = useDeskQuery('screening.status', {})
  const importList = useDeskMutation('screening.import')
  const { error, run, busy } = useAction()
  const [name, setName] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const tooBig = file && file.size > MAX_BYTES ? `${file.name} is over 50 MB.` : null

  const save = async () => {
    if (!file || tooBig) return
    const base64 = toBase64(await file.arrayBuffer())
    const made = await run(() =>
      importList.mutateAsync({ fileName: file.name, base64, ...(name.trim() ? { name: name.trim() } : {}) }),
    )
    if (!made) return
    const found = made.findings
    setDone(
      [
        `Imported ${made.addresses} address(es)${made.published ? `, published ${made.published}` : ''}.`,
        made.notAddressCount > 0
          ? `${made.notAddressCount} entr${made.notAddressCount === 1 ? 'y is' : 'ies are'} the address of no ` +
            'network and not listed.'
          : '',
        made.bookUnread ? 'The destination book could not be read, so its entries were not checked.' : '',
        found.destinations.length > 0
          ? `${found.destinations.length} destination(s) of the book are listed (marked in Destinations).`
          : 'No destination of the book is listed.',
        found.payouts.length > 0
          ? `${found.payouts.length} waiting payout(s) go to a listed address: see the alarm above to cancel them.`
          : 'No waiting payout goes to a listed address.',
      ]
        .filter(Boolean)
        .join(' '),
    )
  }

  const problem = error ?? lists.error
  return (
    <div className="panel" data-testid="screening-panel">
      <h3>Screening lists</h3>
      <p className="muted small">
        A listed address is never added or paid. A list older than {SCREENING_MAX_AGE_DAYS} days is stale: every send
        warns until a fresh one is imported.
      </p>
      {lists.data && lists.data.length > 0 ? (
        <table className="grid" aria-label="Screening lists">
          <thead>
            <tr>
              <th scope="col">List</th>
              <th scope="col">Date</th>
              <th scope="col" className="num">
                Age
              </th>
              <th scope="col" className="num">
                Addresses
              </th>
              <th scope="col">Stale</th>
            </tr>
          </thead>
          <tbody>
            {lists.data.map((l, i) => (
              <tr key={i} data-testid="screening-list" className={l.stale ? 'stale' : undefined}>
                <td>
                  <UserText>{l.name}</UserText>
                </td>
                <td>{l.published ? <UserText>{l.published}</UserText> : <Time value={l.importedAt} />}</td>
                <td className="num">{l.ageDays} d</td>
                <td className="num">{l.addresses}</td>
                <td>{l.stale ? <span className="chip chip-bad">stale</span> : 'no'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : lists.data ? (
        <p className="muted">No screening list imported yet.</p>
      ) : null}
      <CanWrite>
        <form
          className="row"
          aria-label="Import a screening list"
          onSubmit={(e) => {
            e.preventDefault()
            void save()
          }}
        >
          <Field label="List file (sdn.xml or CSV)" error={tooBig}>
            <input
              type="file"
              accept=".xml,.csv,.txt,text/xml,application/xml,text/csv,text/plain"
              disabled={busy}
              onChange={(e) => {
                setDone(null)
                setFile(e.target.files?.[0] ?? null)
              }}
            />
          </Field>
          <Field label="List name" hint="Default: the file's name">
            <input value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
          </Field>
          <button type="submit" disabled={busy || !file || Boolean(tooBig)}>
            Import list
          </button>
        </form>
      </CanWrite>
      {done ? (
        <p className="notice good" role="status">
          {done}
        </p>
      ) : null}
      {problem ? <ErrorBox error={problem} title="The screening list could not be imported" /> : null}
    </div>
  )
}
