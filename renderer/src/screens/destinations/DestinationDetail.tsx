import type { CounterpartyView } from '@shared/ipc/views'
import { Amount } from '../../components/Amount'
import { EmptyState } from '../../components/EmptyState'
import { QrImage } from '../../components/QrImage'
import { QueryView } from '../../components/QueryView'
import { ShortId } from '../../components/ShortId'
import { ApproverWords } from '../../address/ApproverWords'
import { Section } from '../../components/Section'
import { StatusChip } from '../../components/StatusChip'
import { Time } from '../../components/Time'
import { useDeskQuery } from '../../data/useDeskQuery'
import { UserText } from '../../names/UserText'
import { WalletRef } from '../../names/WalletRef'
import { NEW_PAYOUT_VIEW, useNav } from '../../stores/nav'
import { usePayoutPrefill } from '../../stores/payout-prefill'
import { countryName } from './countries'
import { ownerName } from '../../names/owner-name'
import { PayeeChangePanel } from './PayeeChangePanel'
import { CanWrite } from '../../components/CanWrite'
import { ScreenHead } from '../../components/ScreenHead'
import { BackLink } from '../../components/BackLink'

/** One destination of the book: who, where, since when, whether it can receive payouts, and what was sent to it. */
export function DestinationDetail({ destinationId }: { destinationId: string }) {
  const go = useNav((s) => s.go)
  const book = useDeskQuery('counterparties.list', {})
  const c = book.data?.find((d) => d.id === destinationId)
  return (
    <div>
      <ScreenHead>
        <BackLink label="Destinations" onBack={() => go('destinations')} />
        <h1 tabIndex={-1}>{c ? <UserText>{c.label || ownerName(c)}</UserText> : 'Destination'}</h1>
        {c ? (
          c.can_send ? (
            <span className="chip chip-good">Verified</span>
          ) : (
            <span className="chip chip-wait">Waiting for verification in the console</span>
          )
        ) : null}
        <span className="spacer" />
        <CanWrite>
          {c?.can_send ? (
            <button
              type="button"
              className="primary"
              onClick={() => {
                usePayoutPrefill.getState().set(c.id)
                go('payouts', null, NEW_PAYOUT_VIEW)
              }}
            >
              Pay this destination
            </button>
          ) : null}
        </CanWrite>
      </ScreenHead>
      <QueryView query={book} what="the destination" errorTitle="The destination book could not be read">
        {() =>
          c ? (
            <DestinationFacts c={c} />
          ) : (
            <EmptyState title="This destination is not in the book">It may belong to another profile.</EmptyState>
          )
        }
      </QueryView>
    </div>
  )
}

function DestinationFacts({ c }: { c: CounterpartyView }) {
  return (
    <>
      <PayeeChangePanel destinationId={c.id} />
      <div className="split">
        <div className="panel">
          <dl className="facts" data-testid="destination-facts">
            <dt>Label</dt>
            <dd>{c.label ? <UserText>{c.label}</UserText> : <span className="muted">none</span>}</dd>
            <dt>Owner</dt>
            <dd>
              <UserText>{ownerName(c)}</UserText> ({c.counterparty_type === 'company' ? 'company' : 'individual'})
            </dd>
            <dt>Wallet type</dt>
            <dd>
              {c.wallet_type === 'vasp' ? (
                <>
                  held at a provider (VASP): <UserText>{c.vasp_name ?? ''}</UserText>
                </>
              ) : (
                'self-hosted (unhosted)'
              )}
            </dd>
            <dt>Country</dt>
            <dd>{countryName(c.country)}</dd>
            <dt>Network</dt>
            <dd>{c.network_name}</dd>
            <dt>Address</dt>
            <dd>
              <ShortId value={c.address} what="destination address" network={c.network} />
              <ApproverWords network={c.network} address={c.address} />
            </dd>
            <dt>Direction</dt>
            <dd>{c.direction === 'both' ? 'send and receive' : 'send only'}</dd>
            <dt>Status</dt>
            <dd>
              <StatusChip status={c.status} />
            </dd>
            <dt>Created</dt>
            <dd>
              <Time value={c.created_at} />
            </dd>
            <dt>Verified</dt>
            <dd>{c.verified_at ? <Time value={c.verified_at} /> : <span className="muted">not yet</span>}</dd>
          </dl>
        </div>
        <div className="panel">
          <h3>Address QR</h3>
          <QrImage value={c.address} label={`the address of ${c.label || ownerName(c)}`} />
        </div>
      </div>
      <Section title="Payouts sent to it">
        <PayoutsTo c={c} />
      </Section>
    </>
  )
}

function PayoutsTo({ c }: { c: CounterpartyView }) {
  const go = useNav((s) => s.go)
  const list = useDeskQuery('withdrawals.list', {})
  return (
    <QueryView query={list} what="payouts" errorTitle="Payouts could not be read">
      {(all) => {
        const rows = all.filter(
          (w) => w.network === c.network && w.destination.toLowerCase() === c.address.toLowerCase(),
        )
        if (rows.length === 0) return <p className="muted">No payout has been requested to this destination yet.</p>
        return (
          <table className="grid" aria-label="Payouts to this destination">
            <thead>
              <tr>
                <th>Requested</th>
                <th>Status</th>
                <th>From wallet</th>
                <th className="num">Amount</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((w) => (
                <tr key={w.id} data-testid="destination-payout">
                  <td>
                    <button type="button" className="link" onClick={() => go('payouts', w.id)}>
                      <Time value={w.created_at} />
                    </button>
                  </td>
                  <td>
                    <StatusChip status={w.status} />
                  </td>
                  <td>
                    <WalletRef id={w.wallet_id} inline />
                  </td>
                  <td className="num">
                    <Amount value={w.amount} asset={w.asset} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }}
    </QueryView>
  )
}
