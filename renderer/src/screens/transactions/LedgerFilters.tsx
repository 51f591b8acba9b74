import type { WalletView } from '@shared/ipc/views'
import { FINAL_LEG_STATUSES } from '@shared/api/leg-status'
import { NETWORKS } from '@shared/api/networks'
import { useRef } from 'react'
import { Field } from '../../components/Field'
import { Options } from '../../components/Options'
import { useSlashFocus } from '../../components/useSlashFocus'
import { WalletFilter } from '../../components/WalletFilter'
import { ZonedDateTime } from '../../components/ZonedDateTime'
import type { FilterDraft, FilterProblems } from './ledger-filter'
import { shown } from '@shared/text/visible-text'

const STATUSES = [...FINAL_LEG_STATUSES, 'broadcasting']

interface Props {
  draft: FilterDraft
  problems: FilterProblems | null
  wallets: readonly WalletView[] | undefined
  onChange: (change: Partial<FilterDraft>) => void
  onClear: () => void
}

/** The Transactions screen's filters over the local ledger; they combine, and each runs on this machine. */
export function LedgerFilters({ draft, problems, wallets, onChange, onClear }: Props) {
  const searchRef = useRef<HTMLInputElement>(null)
  useSlashFocus(searchRef)
  const assets = [...new Set(wallets?.flatMap((w) => w.balances.map((b) => b.asset)) ?? [])].sort()
  return (
    <div className="filters" role="search" aria-label="Filter transactions">
      <Field label="Search" hint="Address, name, note, tag, tx hash or transaction id">
        <input
          ref={searchRef}
          type="search"
          aria-keyshortcuts="/"
          value={draft.text}
          onChange={(e) => onChange({ text: e.target.value })}
          placeholder="0x…, name, note, hash, id"
        />
      </Field>
      <Field label="Tag" error={problems?.tag}>
        <input value={draft.tag} onChange={(e) => onChange({ tag: e.target.value })} placeholder="payroll" />
      </Field>
      <WalletFilter wallets={wallets} value={draft.walletId} onChange={(walletId) => onChange({ walletId })} />
      <Field label="Asset">
        <select value={draft.asset} onChange={(e) => onChange({ asset: e.target.value })}>
          <option value="">All assets</option>
          <Options values={assets} />
        </select>
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
      <button type="button" className="filters-clear" onClick={onClear}>
        Clear filters
      </button>
    </div>
  )
}
