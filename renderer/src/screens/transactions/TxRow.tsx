import type { LedgerRowView } from '@shared/ipc/views'
import { memo } from 'react'
import { BAIT_WARNING } from '@shared/address/dust-bait'
import { CopyButton } from '../../components/CopyButton'
import { ExplorerLink } from '../../components/ExplorerLink'
import { shortenMiddle } from '../../components/ShortId'
import { Amount } from '../../components/Amount'
import { StatusChip, statusLabel } from '../../components/StatusChip'
import { Time } from '../../components/Time'
import { DIRECTION_NAMES } from '../../components/direction-names'
import type { NameBook } from '../../names/name-book'
import { PartyView } from '../../names/Party'
import { UserText } from '../../names/UserText'
import { otherSide } from '../../ledger/other-side'

interface Props {
  t: LedgerRowView
  index: number
  start: number
  selected: boolean
  /** A wallet column, when the list shows every wallet. */
  showWallet: boolean
  onSelect: (t: LedgerRowView) => void
  names: NameBook
}

/** Clicks on the row's links and copy buttons belong to them, not to choosing the row. */
const own = (e: { stopPropagation(): void }) => e.stopPropagation()

/** One leg of the virtualized table; memoized so scrolling re-renders only the rows that come into view. */
export const TxRow = memo(function TxRow({ t, index, start, selected, showWallet, onSelect, names }: Props) {
  const who = otherSide(t)
  const wallet = t.wallet_id ? names.wallet(t.wallet_id) : undefined
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      tabIndex={0}
      className="tx-row"
      style={{ transform: `translateY(${start}px)` }}
      onClick={() => onSelect(t)}
      onKeyDown={(e) => {
        // Keys pressed on the copy button belong to the button.
        if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return
        e.preventDefault()
        onSelect(t)
      }}
    >
      <span role="cell" className="col-time small">
        <Time value={t.created_at} short />
      </span>
      <span role="cell" className={`col-dir dir-${t.direction}`}>
        {DIRECTION_NAMES[t.direction]}
      </span>
      {showWallet ? (
        <span role="cell" className="col-wallet">
          {wallet ? (
            <UserText>{wallet.name}</UserText>
          ) : (
            <span className="muted" title={t.wallet_id ?? undefined}>
              {t.wallet_id ?? '—'}
            </span>
          )}
        </span>
      ) : null}
      <span role="cell" className="col-party tx-party" title={who.address}>
        {t.suspected_poisoning ? (
          // Short in the fixed-width cell, so the address keeps its room; the title and the detail say it whole.
          <span className="chip chip-bad bait-badge" data-testid="bait-badge" title={BAIT_WARNING}>
            <span className="sr-only">Suspected </span>Poisoning
          </span>
        ) : null}
        <PartyView
          known={names.address(who.address, t.network)}
          address={who.address}
          providerName={who.name}
          what="counterpart address"
          inline
        />
        <span onClick={own}>
          <ExplorerLink
            network={t.network}
            value={who.address}
            address
            what={`address ${shortenMiddle(who.address, 6)}`}
          />
        </span>
      </span>
      <span role="cell" className="col-amount num">
        {/* Where the Direction column is hidden for width, the direction goes with the amount. */}
        <span className={`dir-inline dir-${t.direction}`}>{DIRECTION_NAMES[t.direction]} </span>
        <Amount value={t.amount} asset={t.asset} />
      </span>
      <span role="cell" className="col-fee num">
        {t.fee ? <Amount value={t.fee} asset={t.fee_asset} /> : '—'}
      </span>
      <span role="cell" className={t.final ? 'col-status' : 'col-status not-final'}>
        <StatusChip
          status={t.status}
          title={t.final ? undefined : `${statusLabel(t.status)}: not final, the app reads it again until it is`}
        />
      </span>
      <span role="cell" className="col-network" title={t.network_name ?? t.network ?? undefined}>
        {t.network_name ?? t.network ?? '—'}
      </span>
      <span role="cell" className="col-hash tx-hash">
        {t.tx_hash ? (
          <>
            <code className="mono" title={t.tx_hash}>
              {shortenMiddle(t.tx_hash, 6)}
            </code>
            <span onClick={own}>
              <CopyButton value={t.tx_hash} what={`transaction hash ${shortenMiddle(t.tx_hash, 6)}`} />
              <ExplorerLink network={t.network} value={t.tx_hash} what={`transaction ${shortenMiddle(t.tx_hash, 6)}`} />
            </span>
          </>
        ) : (
          '—'
        )}
      </span>
    </div>
  )
})
