import type { WalletView } from '@shared/ipc/views'
import { WITHDRAWAL_STATUSES } from '@shared/api/resources'
import { SEARCH_TEXT_MAX } from '@shared/payouts/payout-search'
import { shownLine } from '@shared/text/visible-text'
import { useRef, type ReactNode } from 'react'
import { Field } from '../../components/Field'
import { FilterBar, type FilterChip } from '../../components/FilterBar'
import { statusLabel } from '../../components/StatusChip'
import { useSlashFocus } from '../../components/useSlashFocus'
import { WalletFilter } from '../../components/WalletFilter'

/** What the search box and the days ask of the store's payout search; applied on Search. */
export interface PayoutSearch {
  text: string
  from: string
  to: string
}

export const NO_SEARCH: PayoutSearch = { text: '', from: '', to: '' }

interface Props {
  wallets: readonly WalletView[] | undefined
  walletId: string
  onWallet: (walletId: string) => void
  status: string
  onStatus: (status: string) => void
  /** What is typed; `applied` is what the list shows. */
  draft: PayoutSearch
  onDraft: (draft: PayoutSearch) => void
  applied: PayoutSearch
  onSearch: (search: PayoutSearch) => void
  onClear: () => void
  exportMenu: ReactNode
}

/**
 * History's filters on one line (issue 54): the search, the wallet and the status in view, the days behind "More
 * filters" (a chip each once searched), the export in the Export menu.
 */
export function PayoutFilters(p: Props) {
  const searchRef = useRef<HTMLInputElement>(null)
  useSlashFocus(searchRef)
  const unset = (key: 'from' | 'to') => {
    p.onDraft({ ...p.draft, [key]: '' })
    p.onSearch({ ...p.applied, [key]: '' })
  }
  const chips: FilterChip[] = [
    p.applied.from ? { key: 'from', text: shownLine`From ${p.applied.from}`, onRemove: () => unset('from') } : null,
    p.applied.to ? { key: 'to', text: shownLine`To ${p.applied.to}`, onRemove: () => unset('to') } : null,
  ].filter((c) => c !== null)
  return (
    // A form, so Enter in any field (the days under More filters too) runs the search.
    <form
      onSubmit={(e) => {
        e.preventDefault()
        p.onSearch({ ...p.draft, text: p.draft.text.trim() })
      }}
    >
      <FilterBar
        label="Filter payouts"
        onClear={p.onClear}
        chips={chips}
        exportMenu={p.exportMenu}
        more={
          <>
            <Field label="From">
              <input
                type="date"
                value={p.draft.from}
                onChange={(e) => p.onDraft({ ...p.draft, from: e.target.value })}
              />
            </Field>
            <Field label="To">
              <input type="date" value={p.draft.to} onChange={(e) => p.onDraft({ ...p.draft, to: e.target.value })} />
            </Field>
          </>
        }
      >
        {/* What it searches is the field's title, not a line under it: the list starts higher. */}
        <Field label="Search payouts">
          <input
            ref={searchRef}
            type="search"
            title="Id, key, destination, reference, note, amount, asset, network, who, status"
            value={p.draft.text}
            maxLength={SEARCH_TEXT_MAX}
            onChange={(e) => p.onDraft({ ...p.draft, text: e.target.value })}
            placeholder="id, address, reference, amount  ( / )"
            aria-keyshortcuts="/"
          />
        </Field>
        <button type="submit">Search</button>
        <WalletFilter wallets={p.wallets} value={p.walletId} onChange={p.onWallet} />
        <Field label="Status">
          <select value={p.status} onChange={(e) => p.onStatus(e.target.value)}>
            <option value="">Any status</option>
            {WITHDRAWAL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </Field>
      </FilterBar>
    </form>
  )
}
