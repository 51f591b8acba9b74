import { useInfiniteQuery } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { ACTIVITY_ACTIONS, type ActivityAction } from '@shared/audit/activity-action'
import type { ActivityFilter } from '@shared/ipc/channels/activity'
import { type DeskCallError } from '../../desk'
import { deskKey } from '../../data/desk-keys'
import { readDesk } from '../../data/read-desk'
import { useDeskMutation } from '../../data/useDeskMutation'
import { CsvExportPanel } from '../../components/CsvExportPanel'
import { EmptyState } from '../../components/EmptyState'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { FilterBar } from '../../components/FilterBar'
import { ACTION_NAMES } from '../../components/status-words'
import { Loading } from '../../components/Loading'
import { ZonedDateTime } from '../../components/ZonedDateTime'
import { ActivityList } from './ActivityList'
import { PolicyVersions } from './PolicyVersions'
import { VerificationState } from './VerificationState'
import { ScreenHead } from '../../components/ScreenHead'

const PAGE = 200

/**
 * Who requested, released, rejected, cancelled or changed the policy, with time and process: the audit log, newest
 * first.
 */
export function ActivityScreen() {
  const [actor, setActor] = useState('')
  const [action, setAction] = useState<ActivityAction | ''>('')
  const [from, setFrom] = useState<string | null>(null)
  const [to, setTo] = useState<string | null>(null)
  const filter: ActivityFilter = {
    ...(actor.trim() ? { actor: actor.trim() } : {}),
    ...(action ? { action } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  }
  const exportActivity = useDeskMutation('activity.export')
  const pages = useInfiniteQuery({
    queryKey: deskKey('activity.page', filter),
    queryFn: ({ pageParam }) =>
      readDesk('activity.page', { ...filter, limit: PAGE, ...(pageParam === null ? {} : { beforeSeq: pageParam }) }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  })
  const rows = pages.data?.pages.flatMap((p) => p.rows) ?? []
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages
  const more = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])

  return (
    <div>
      <ScreenHead>
        <h1>Activity</h1>
      </ScreenHead>
      <VerificationState />
      <PolicyVersions />
      <FilterBar
        label="Filter activity"
        onClear={() => {
          setActor('')
          setAction('')
          setFrom(null)
          setTo(null)
        }}
        exportMenu={
          <CsvExportPanel
            label="Export to CSV"
            note="Every row of the audit log this filter matches, newest first."
            cancelChannel="activity.cancelExport"
            run={() => exportActivity.mutateAsync(filter)}
          />
        }
      >
        <Field label="Who (person or process)">
          <input
            type="search"
            value={actor}
            maxLength={200}
            onChange={(e) => setActor(e.target.value)}
            placeholder="app, cli, agent or a name"
          />
        </Field>
        <Field label="Action">
          <select value={action} onChange={(e) => setAction(e.target.value as ActivityAction | '')}>
            <option value="">Any action</option>
            {ACTIVITY_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {ACTION_NAMES[a]}
              </option>
            ))}
          </select>
        </Field>
        <ZonedDateTime label="From" value={from} onChange={setFrom} />
        <ZonedDateTime label="Until" value={to} onChange={setTo} />
      </FilterBar>
      {pages.error ? (
        <ErrorBox
          error={pages.error as DeskCallError}
          title="The audit log could not be read"
          onRetry={() => void pages.refetch()}
        />
      ) : null}
      {pages.isPending ? <Loading what="activity" /> : null}
      {pages.isSuccess && rows.length === 0 ? (
        <EmptyState title={Object.keys(filter).length ? 'No activity matches this filter' : 'No activity yet'}>
          Requests, releases and policy changes show up here.
        </EmptyState>
      ) : null}
      {rows.length > 0 ? <ActivityList rows={rows} hasMore={hasNextPage} onNearEnd={more} /> : null}
    </div>
  )
}
