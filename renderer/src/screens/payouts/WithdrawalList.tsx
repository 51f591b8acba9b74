import { shown as shownText } from '@shared/text/visible-text'
import { Fragment, useState } from 'react'
import type { WithdrawalStatus } from '@shared/api/resources'
import { CsvExportPanel } from '../../components/CsvExportPanel'
import { EmptyState } from '../../components/EmptyState'
import { usePaged } from '../../components/Paged'
import { QueryView } from '../../components/QueryView'
import { statusLabel } from '../../components/StatusChip'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useDeskQuery } from '../../data/useDeskQuery'
import { AlteredPayoutRow } from './AlteredPayoutRow'
import { PAYOUT_COLUMNS, PayoutRow, PayoutTable } from './PayoutTable'
import { PayoutSearchResults } from './PayoutSearchResults'
import { NO_SEARCH, PayoutFilters } from './PayoutFilters'
import { usePayoutReferences, usePayoutRequesters } from './usePayoutReferences'

/**
 * A page of the list: a team's hundreds of payouts are drawn a page at a time, so the screen opens as fast with 1,000
 * as with 10 (every row drew about 35 elements: 22,000 with 620 payouts).
 */
const PAGE_SIZE = 50

/** Names the filters that left the list empty, so the user knows which to loosen. */
function emptyTitle(loaded: number, f: { status: string; wallet: string }): string {
  const parts = [
    f.wallet ? `in wallet “${f.wallet}”` : '',
    f.status && loaded > 0 ? `with status “${statusLabel(f.status)}”` : '',
  ].filter(Boolean)
  return parts.length ? `No payout ${parts.join(' ')}` : 'No payouts yet'
}

/**
 * Every payout of the profile (the core follows the offset pages and dedupes); status pushes land in the cached list.
 */
export function WithdrawalList() {
  const wallets = useDeskQuery('wallets.list', {})
  const exportPayouts = useDeskMutation('withdrawals.export')
  const [walletId, setWalletId] = useState('')
  const [status, setStatus] = useState('')
  const [draft, setDraft] = useState(NO_SEARCH)
  const [search, setSearch] = useState(NO_SEARCH)
  const searching = Boolean(search.text || search.from || search.to)
  const list = useDeskQuery('withdrawals.list', walletId ? { wallet_id: walletId } : {})
  const references = usePayoutReferences()
  const requesters = usePayoutRequesters()
  const altered = new Map((useDeskQuery('alterations.list', {}).data ?? []).map((a) => [a.withdrawalId, a]))
  const filtered = (list.data ?? []).filter((w) => !status || w.status === status)
  const page = usePaged(filtered, PAGE_SIZE, 'payouts')

  return (
    <section aria-label="Payout list">
      <PayoutFilters
        wallets={wallets.data}
        walletId={walletId}
        onWallet={setWalletId}
        status={status}
        onStatus={setStatus}
        draft={draft}
        onDraft={setDraft}
        applied={search}
        onSearch={setSearch}
        onClear={() => {
          setWalletId('')
          setStatus('')
          setDraft(NO_SEARCH)
          setSearch(NO_SEARCH)
        }}
        exportMenu={
          <CsvExportPanel
            label="Export payouts to CSV"
            note={
              'Exports every payout of the current wallet and status filter, with wallet names, destination labels, ' +
              'references and notes.'
            }
            cancelChannel="withdrawals.cancelExport"
            run={() =>
              exportPayouts.mutateAsync({
                ...(walletId ? { wallet_id: walletId } : {}),
                ...(status ? { status: status as WithdrawalStatus } : {}),
              })
            }
          />
        }
      />
      {searching ? (
        <PayoutSearchResults {...search} />
      ) : (
        <QueryView query={list} what="payouts" errorTitle="Payouts could not be read">
          {(rows) =>
            filtered.length === 0 ? (
              <EmptyState
                title={emptyTitle(rows.length, {
                  status,
                  wallet: walletId ? shownText(wallets.data?.find((w) => w.id === walletId)?.name ?? walletId) : '',
                })}
              >
                {rows.length === 0 && !walletId ? (
                  <p>Request one with “New payout”; it then waits for approval in the provider's console.</p>
                ) : null}
              </EmptyState>
            ) : (
              <>
                {page.pager}
                <PayoutTable label="Payouts" amounts={page.rows.map((w) => w.amount)}>
                  {page.rows.map((w) => (
                    <Fragment key={w.id}>
                      <PayoutRow
                        testId="payout-row"
                        altered={altered.has(w.id)}
                        line={{
                          id: w.id,
                          idempotencyKey: null,
                          createdAt: w.created_at,
                          status: w.status,
                          walletId: w.wallet_id,
                          amount: w.amount,
                          asset: w.asset,
                          network: w.network,
                          destination: w.destination,
                          requestedBy: requesters.get(w.id) ?? null,
                          reference: references.get(w.id) ?? null,
                        }}
                      />
                      {altered.has(w.id) ? (
                        <AlteredPayoutRow alteration={altered.get(w.id)!} columns={PAYOUT_COLUMNS} />
                      ) : null}
                    </Fragment>
                  ))}
                </PayoutTable>
              </>
            )
          }
        </QueryView>
      )}
    </section>
  )
}
