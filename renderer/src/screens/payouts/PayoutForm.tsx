import type { CounterpartyView, WalletView } from '@shared/ipc/views'
import { useEffect, useState, type FormEvent } from 'react'
import { assetDecimals } from '@shared/api/networks'
import type { CreateWithdrawal } from '@shared/api/requests'
import { checkPayout } from '@shared/payouts/payout-rules'
import { PayoutReferenceSchema, REFERENCE_MAX } from '@shared/payouts/payout-notes'
import { ActionBar } from '../../components/ActionBar'
import { Amount } from '../../components/Amount'
import { Field } from '../../components/Field'
import { Options } from '../../components/Options'
import { QueryView } from '../../components/QueryView'
import { SearchPicker } from '../../components/SearchPicker'
import type { PickItem } from '../../components/picker-search'
import { bothQueries } from '../../data/both-queries'
import { useDeskQuery } from '../../data/useDeskQuery'
import { shown as visible } from '@shared/text/visible-text'
import { UserText } from '../../names/UserText'
import { ownerName } from '../../names/owner-name'
import { useVerificationWatch } from '../../verification/useVerificationWatch'
import { useCurrentProfile } from '../../data/profiles'
import { keptTyping, usePayoutTyping } from '../../stores/payout-typing'
import { FeeMarginNotice } from './FeeMarginNotice'
import { destinationElsewhere } from './destination-elsewhere'

export interface PayoutDraft {
  body: CreateWithdrawal
  /** The desk's own reference, kept with the outbox entry and never sent to the provider. */
  reference: string
  wallet: WalletView
  destination: CounterpartyView
}

type Fee = NonNullable<CreateWithdrawal['fee_priority']>

interface Props {
  initial: PayoutDraft | null
  /** A destination to pay, chosen before the form opened: the form keeps it while wallet and asset are chosen. */
  preferredDestinationId?: string | null
  onReview: (d: PayoutDraft) => void
  onCancel: () => void
}

/** A destination as the picker lists it: its label (else its owner), the owner beside a label that differs. */
function pickItem(c: CounterpartyView): PickItem {
  const owner = ownerName(c)
  const name = c.label || owner
  return { id: c.id, name, address: c.address, ...(owner && owner !== name ? { more: owner } : {}) }
}

/**
 * Amount and destination stay reachable before the wallet, asset and network are chosen (Tab does not skip them);
 * until then they say what they wait for.
 */
const CHOOSE_FIRST = 'Choose the wallet and asset first (and the network, when it has several).'

function isZero(decimal: string): boolean {
  return /^0(\.0*)?$/.test(decimal)
}

/** The wallets and the destination book the form chooses from, read through the shared cache. */
export function PayoutForm(props: Props) {
  useVerificationWatch()
  const wallets = useDeskQuery('wallets.list', {})
  const book = useDeskQuery('counterparties.list', {})
  return (
    <QueryView
      query={bothQueries(wallets, book)}
      what="wallets and destinations"
      errorTitle="Wallets or destinations could not be read"
    >
      {([w, b]) => <PayoutFields {...props} wallets={w} book={b} />}
    </QueryView>
  )
}

/** Wallet → asset it holds → network (only when needed) → amount → verified destination on that network → fee. */
function PayoutFields({
  initial,
  preferredDestinationId,
  onReview,
  onCancel,
  wallets,
  book,
}: Props & { wallets: WalletView[]; book: CounterpartyView[] }) {
  const preferred = book.find((c) => c.id === preferredDestinationId)
  const profileId = useCurrentProfile()?.id ?? null
  // Back from the review: its draft. Back to the tabs and here again: what was typed, kept (stores/payout-typing).
  const [kept] = useState(() => (initial ? null : keptTyping(profileId)))
  const [walletId, setWalletId] = useState(initial?.wallet.id ?? kept?.walletId ?? '')
  const [asset, setAsset] = useState(initial?.body.asset ?? kept?.asset ?? '')
  const [network, setNetwork] = useState(initial?.body.network ?? kept?.network ?? preferred?.network ?? '')
  const [amount, setAmount] = useState(initial?.body.amount ?? kept?.amount ?? '')
  const [destinationId, setDestinationId] = useState(
    initial?.destination.id ?? kept?.destinationId ?? preferred?.id ?? '',
  )
  const [fee, setFee] = useState<Fee>(initial?.body.fee_priority ?? kept?.fee ?? 'medium')
  const [touched, setTouched] = useState(false)
  const [reference, setReference] = useState(initial?.reference ?? kept?.reference ?? '')
  useEffect(() => {
    usePayoutTyping.getState().keep(profileId, { walletId, asset, network, amount, destinationId, fee, reference })
  }, [profileId, walletId, asset, network, amount, destinationId, fee, reference])
  const referenceCheck = PayoutReferenceSchema.safeParse(reference.trim())
  const referenceProblem = referenceCheck.success ? null : (referenceCheck.error.issues[0]?.message ?? 'not allowed')

  const wallet = wallets.find((w) => w.id === walletId)
  const held = (wallet?.balances ?? []).filter((b) => !isZero(b.amount) || !isZero(b.available))
  const assets = [...new Set(held.map((b) => b.asset))]
  const assetNetworks = held.filter((b) => b.asset === asset)
  const chosen = book.find((c) => c.id === destinationId)
  const check = checkPayout(wallets, book, {
    wallet_id: walletId,
    asset,
    network: assetNetworks.length === 1 ? assetNetworks[0]!.network : network || undefined,
    amount,
    destination: chosen?.address ?? '',
  })
  const { balance, problems } = check
  const destinations = book.filter((c) => c.can_send && balance && c.network === balance.network)
  const destinationItems = destinations.map(pickItem)
  const shown = (field: keyof typeof problems) => (touched ? (problems[field] ?? null) : null)
  const networkName = (id: string) => visible(wallet?.networks.find((n) => n.id === id)?.name ?? id)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (Object.keys(problems).length > 0 || referenceProblem || !check.wallet || !balance || !check.destination) return
    onReview({
      reference: reference.trim(),
      wallet: check.wallet,
      destination: check.destination,
      body: {
        wallet_id: check.wallet.id,
        asset,
        amount,
        destination: check.destination.address,
        network: balance.network,
        fee_priority: fee,
      },
    })
  }

  return (
    // Named by the flow's heading, "New payout": no second heading repeating it (issue 54).
    <form className="panel" onSubmit={submit} aria-label="New payout" noValidate>
      {preferred ? (
        <p className="muted" data-testid="paying">
          Paying <UserText>{preferred.label || ownerName(preferred)}</UserText> on {preferred.network_name}: choose a
          wallet and an asset it holds on that network.
        </p>
      ) : null}
      <div className="row">
        <Field label="From wallet" error={shown('wallet')}>
          <select
            autoFocus
            value={walletId}
            onChange={(e) => {
              setWalletId(e.target.value)
              setAsset('')
              setNetwork(preferred?.network ?? '')
              setDestinationId(preferred?.id ?? '')
            }}
          >
            <option value="">Choose…</option>
            {wallets.map((w) => (
              <option key={w.id} value={w.id}>
                {visible(w.name)}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Asset" error={shown('asset')}>
          <select
            value={asset}
            disabled={!wallet}
            onChange={(e) => {
              setAsset(e.target.value)
              setNetwork(preferred?.network ?? '')
              setDestinationId(preferred?.id ?? '')
            }}
          >
            <option value="">Choose…</option>
            <Options values={assets} />
          </select>
        </Field>
        {assetNetworks.length > 1 ? (
          <Field label="Network" error={shown('network')}>
            <select
              value={network}
              onChange={(e) => {
                setNetwork(e.target.value)
                setDestinationId('')
              }}
            >
              <option value="">Choose…</option>
              {assetNetworks.map((b) => (
                <option key={b.network} value={b.network}>
                  {visible(wallet?.networks.find((n) => n.id === b.network)?.name ?? b.network)}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
      </div>
      <div className="row">
        <Field
          label={`Amount${asset ? ` (${asset})` : ''}`}
          error={(touched || amount) && balance ? (problems.amount ?? null) : null}
          hint={
            balance ? (
              <>
                Available <Amount value={balance.available} asset={asset} /> · up to {assetDecimals(asset) ?? 18}{' '}
                decimals
              </>
            ) : (
              CHOOSE_FIRST
            )
          }
        >
          <input className="mono" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </Field>
        <button type="button" disabled={!balance} onClick={() => balance && setAmount(balance.available)}>
          Max
        </button>
        <Field label="Fee priority">
          <select value={fee} onChange={(e) => setFee(e.target.value as Fee)}>
            <option value="low">Low</option>
            <option value="medium">Medium</option>
            <option value="high">High</option>
          </select>
        </Field>
      </div>
      {balance ? <FeeMarginNotice balance={balance} amount={amount} onUse={setAmount} /> : null}
      <Field
        label="To destination"
        error={shown('destination')}
        hint={
          !balance
            ? CHOOSE_FIRST
            : destinations.length === 0
              ? 'No verified destination on this network. Register one in Destinations and have it verified.'
              : undefined
        }
      >
        <SearchPicker
          items={destinationItems}
          value={destinationId}
          onChange={setDestinationId}
          what="destination"
          placeholder="Search label, name or address"
          emptyNote={balance ? undefined : CHOOSE_FIRST}
          noMatchNote={(query) =>
            destinationElsewhere(book, destinationItems, query, pickItem, balance ? networkName(balance.network) : null)
          }
        />
      </Field>
      <Field
        label="Reference (optional)"
        error={referenceProblem}
        hint={`Yours only: kept with the payout, never sent to the provider. Up to ${REFERENCE_MAX} characters.`}
      >
        <input value={reference} onChange={(e) => setReference(e.target.value)} autoComplete="off" />
      </Field>
      <ActionBar>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="primary">
          Review
        </button>
      </ActionBar>
    </form>
  )
}
