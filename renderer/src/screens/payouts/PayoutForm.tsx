import { useMemo, useState, type FormEvent } from 'react'
import { AMOUNT_PROBLEM_TEXT, checkAmount } from '../../../../shared/api/amount'
import { ASSET_DECIMALS } from '../../../../shared/api/networks'
import type { CreateWithdrawal } from '../../../../shared/api/requests'
import type { Counterparty, Wallet } from '../../../../shared/api/resources'
import { call } from '../../desk'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { Loading } from '../../components/Loading'
import { useRead } from '../../components/useRead'
import { ownerName } from '../destinations/DestinationsScreen'

export interface PayoutDraft {
  body: CreateWithdrawal
  wallet: Wallet
  destination: Counterparty
}

type Fee = NonNullable<CreateWithdrawal['fee_priority']>

function isZero(decimal: string): boolean {
  return /^0(\.0*)?$/.test(decimal)
}

/** Wallet → asset it holds → network (only when needed) → amount → verified destination on that network → fee. */
export function PayoutForm({ initial, onReview, onCancel }: { initial: PayoutDraft | null; onReview: (d: PayoutDraft) => void; onCancel: () => void }) {
  const data = useRead(async () => {
    const [wallets, destinations] = await Promise.all([call('wallets.list', {}), call('counterparties.list', {})])
    return { wallets, destinations }
  }, [])
  const [walletId, setWalletId] = useState(initial?.wallet.id ?? '')
  const [asset, setAsset] = useState(initial?.body.asset ?? '')
  const [network, setNetwork] = useState(initial?.body.network ?? '')
  const [amount, setAmount] = useState(initial?.body.amount ?? '')
  const [destination, setDestination] = useState(initial?.destination.id ?? '')
  const [fee, setFee] = useState<Fee>(initial?.body.fee_priority ?? 'medium')
  const [touched, setTouched] = useState(false)

  const wallet = data.data?.wallets.find((w) => w.id === walletId)
  const held = useMemo(() => (wallet?.balances ?? []).filter((b) => !isZero(b.amount) || !isZero(b.available)), [wallet])
  const assets = [...new Set(held.map((b) => b.asset))]
  const assetNetworks = held.filter((b) => b.asset === asset)
  const balance = assetNetworks.length === 1 ? assetNetworks[0] : assetNetworks.find((b) => b.network === network)
  const decimals = ASSET_DECIMALS[asset] ?? 18
  const amountProblem = balance ? checkAmount(amount, decimals, balance.available) : null
  const destinations = (data.data?.destinations ?? []).filter((c) => c.can_send && balance && c.network === balance.network)
  const chosen = destinations.find((c) => c.id === destination)

  const problems = {
    wallet: wallet ? null : 'Choose a wallet.',
    asset: asset && assets.includes(asset) ? null : 'Choose an asset this wallet holds.',
    network: balance ? null : 'Choose the network.',
    amount: amountProblem ? AMOUNT_PROBLEM_TEXT[amountProblem] : null,
    destination: chosen ? null : 'Choose a verified destination on this network.',
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (Object.values(problems).some(Boolean) || !wallet || !balance || !chosen) return
    onReview({
      wallet,
      destination: chosen,
      body: {
        wallet_id: wallet.id,
        asset,
        amount,
        destination: chosen.address,
        network: balance.network,
        fee_priority: fee,
      },
    })
  }

  if (data.error) return <ErrorBox error={data.error} title="Wallets or destinations could not be read" onRetry={data.retry} />
  if (!data.data) return <Loading what="wallets and destinations" />

  return (
    <form className="panel" onSubmit={submit} aria-label="New payout" noValidate>
      <h2>New payout</h2>
      <div className="row">
        <Field label="From wallet" error={touched ? problems.wallet : null}>
          <select
            value={walletId}
            onChange={(e) => {
              setWalletId(e.target.value)
              setAsset('')
              setNetwork('')
              setDestination('')
            }}
          >
            <option value="">Choose…</option>
            {data.data.wallets.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Asset" error={touched ? problems.asset : null}>
          <select
            value={asset}
            disabled={!wallet}
            onChange={(e) => {
              setAsset(e.target.value)
              setNetwork('')
              setDestination('')
            }}
          >
            <option value="">Choose…</option>
            {assets.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </Field>
        {assetNetworks.length > 1 ? (
          <Field label="Network" error={touched ? problems.network : null}>
            <select
              value={network}
              onChange={(e) => {
                setNetwork(e.target.value)
                setDestination('')
              }}
            >
              <option value="">Choose…</option>
              {assetNetworks.map((b) => (
                <option key={b.network} value={b.network}>
                  {wallet?.networks.find((n) => n.id === b.network)?.name ?? b.network}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
      </div>
      <div className="row">
        <Field
          label={`Amount${asset ? ` (${asset})` : ''}`}
          error={(touched || amount) && balance ? problems.amount : null}
          hint={balance ? `Available ${balance.available} ${asset} · up to ${decimals} decimals` : undefined}
        >
          <input className="mono" inputMode="decimal" value={amount} disabled={!balance} onChange={(e) => setAmount(e.target.value)} />
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
      <Field
        label="To destination"
        error={touched ? problems.destination : null}
        hint={balance && destinations.length === 0 ? 'No verified destination on this network. Register one in Destinations and have it verified.' : undefined}
      >
        <select value={destination} disabled={!balance} onChange={(e) => setDestination(e.target.value)}>
          <option value="">Choose…</option>
          {destinations.map((c) => (
            <option key={c.id} value={c.id}>
              {(c.label || ownerName(c)) + ' · ' + c.address}
            </option>
          ))}
        </select>
      </Field>
      <div className="actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="primary">
          Review
        </button>
      </div>
    </form>
  )
}
