import type { WalletView } from '@shared/ipc/views'
import { FINAL_LEG_STATUSES } from '@shared/api/leg-status'
import { NETWORKS } from '@shared/api/networks'
import { useRef, type ReactNode } from 'react'
import { Field } from '../../components/Field'
import { FilterBar, type FilterChip } from '../../components/FilterBar'
import { statusLabel } from '../../components/status-words'
import { networkName } from '../../format/network-name'
import { Options } from '../../components/Options'
import { useSlashFocus } from '../../components/useSlashFocus'
import { WalletFilter } from '../../components/WalletFilter'
import { ZonedDateTime } from '../../components/ZonedDateTime'
import type { FilterDraft, FilterProblems } from './ledger-filter'
import { shown, shownLine, type ShownText } from '@shared/text/visible-text'

const STATUSES = [...FINAL_LEG_STATUSES, 'broadcasting']

interface Props {
  draft: FilterDraft
  problems: FilterProblems | null
  wallets: readonly WalletView[] | undefined
  onChange: (change: Partial<FilterDraft>) => void
  onClear: () => void
  /** The export, in the bar's Export menu. */
  exportMenu?: ReactNode
  /** Writes a time of the filter as its field shows it, for its chip. */
  time: (iso: string) => string
}

/** The filters under "More filters" that are set, each a chip that clears it. */
function chipsOf(d: FilterDraft, onChange: Props['onChange'], time: Props['time']): FilterChip[] {
  const chip = (key: string, text: ShownText, clear: Partial<FilterDraft>): FilterChip => ({
    key,
    text,
    onRemove: () => onChange(clear),
  })
  return [
    d.tag ? chip('tag', shownLine`Tag ${d.tag}`, { tag: '' }) : null,
    d.network ? chip('network', shownLine`On ${networkName(d.network)}`, { network: '' }) : null,
    d.status
      ? chip('status', d.status === 'not_final' ? shownLine`Not final` : shownLine`Status ${statusLabel(d.status)}`, {
          status: '',
        })
      : null,
    d.from ? chip('from', shownLine`After ${time(d.from)}`, { from: null }) : null,
    d.to ? chip('to', shownLine`Until ${time(d.to)}`, { to: null }) : null,
    d.minAmount.trim() ? chip('min', shownLine`At least ${d.minAmount.trim()}`, { minAmount: '' }) : null,
    d.maxAmount.trim() ? chip('max', shownLine`At most ${d.maxAmount.trim()}`, { maxAmount: '' }) : null,
    d.suspectedPoisoning ? chip('poisoning', shownLine`Suspected poisoning`, { suspectedPoisoning: false }) : null,
  ].filter((c) => c !== null)
}

/** The Transactions screen's filters over the local ledger; they combine, and each runs on this machine. */
export function LedgerFilters({ draft, problems, wallets, onChange, onClear, exportMenu, time }: Props) {
  const searchRef = useRef<HTMLInputElement>(null)
  useSlashFocus(searchRef)
  const assets = [...new Set(wallets?.flatMap((w) => w.balances.map((b) => b.asset)) ?? [])].sort()
  const moreHasError = Boolean(problems?.tag || problems?.range || problems?.minAmount || problems?.maxAmount)
  return (
    <FilterBar
      label="Filter transactions"
      onClear={onClear}
      exportMenu={exportMenu}
      moreOpen={moreHasError}
      chips={chipsOf(draft, onChange, time)}
      more={
        <>
          <Field label="Tag" error={problems?.tag}>
            <input value={draft.tag} onChange={(e) => onChange({ tag: e.target.value })} placeholder="payroll" />
          </Field>
          <Field label="Network">
            <select value={draft.network} onChange={(e) => onChange({ network: e.target.value })}>
              <option value="">All networks</option>
              {NETWORKS.map((n) => (
                <option key={n.id} value={n.id}>
                  {shown(n.name)}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Status">
            <select value={draft.status} onChange={(e) => onChange({ status: e.target.value })}>
              <option value="">Any status</option>
              <option value="not_final">Not final (still re-read)</option>
              <Options values={STATUSES} />
            </select>
          </Field>
          <ZonedDateTime label="Recorded after" value={draft.from} onChange={(from) => onChange({ from })} />
          <ZonedDateTime
            label="Recorded until"
            value={draft.to}
            onChange={(to) => onChange({ to })}
            error={problems?.range}
          />
          <Field label="Smallest amount" error={problems?.minAmount}>
            <input
              inputMode="decimal"
              value={draft.minAmount}
              onChange={(e) => onChange({ minAmount: e.target.value })}
              className="num"
            />
          </Field>
          <Field label="Largest amount" error={problems?.maxAmount}>
            <input
              inputMode="decimal"
              value={draft.maxAmount}
              onChange={(e) => onChange({ maxAmount: e.target.value })}
              className="num"
            />
          </Field>
          <label
            className="row filters-check"
            title="Incoming dust or zero-value movements from a look-alike of an address you know"
          >
            <input
              type="checkbox"
              checked={draft.suspectedPoisoning}
              onChange={(e) => onChange({ suspectedPoisoning: e.target.checked })}
            />{' '}
            Suspected poisoning
          </label>
        </>
      }
    >
      {/* What it searches is the field's title, not a line under it: the list starts higher (issue 54). */}
      <Field label="Search">
        <input
          ref={searchRef}
          type="search"
          title="Address, name, note, tag, tx hash or transaction id"
          aria-keyshortcuts="/"
          value={draft.text}
          onChange={(e) => onChange({ text: e.target.value })}
          placeholder="0x…, name, note, hash, id"
        />
      </Field>
      <WalletFilter wallets={wallets} value={draft.walletId} onChange={(walletId) => onChange({ walletId })} />
      <Field label="Asset">
        <select value={draft.asset} onChange={(e) => onChange({ asset: e.target.value })}>
          <option value="">All assets</option>
          <Options values={assets} />
        </select>
      </Field>
      <Field label="Direction">
        <select
          value={draft.direction}
          onChange={(e) => onChange({ direction: e.target.value as FilterDraft['direction'] })}
        >
          <option value="">In and out</option>
          <option value="in">In</option>
          <option value="out">Out</option>
          <option value="internal">Internal</option>
        </select>
      </Field>
    </FilterBar>
  )
}
