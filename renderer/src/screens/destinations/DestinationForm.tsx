import type { CounterpartyView, LookalikeFindingView } from '@shared/ipc/views'
import { useState, type FormEvent } from 'react'
import { addressProblem } from '@shared/api/address-problem'
import { LIMITS } from '@shared/api/limits'
import { NETWORKS } from '@shared/api/networks'
import { CreateCounterpartySchema, type CreateCounterparty } from '@shared/api/requests'
import { useDeskMutation } from '../../data/useDeskMutation'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { useAction } from '../../components/useAction'
import { BudgetWait } from '../../components/BudgetWait'
import { countries } from './countries'
import { LookalikeDialog } from '../../address/LookalikeDialog'
import { shown } from '@shared/text/visible-text'
import { plainTextProblem } from '@shared/text/plain-text'
import { EscapeCloses } from '../../components/EscapeCloses'

type Type = CreateCounterparty['counterparty_type']
type WalletType = CreateCounterparty['wallet_type']

function nameProblem(value: string, label: string): string | null {
  if (value.trim().length === 0) return `Enter the ${label}.`
  return labelProblem(value)
}

/** The shared entry rule, said in the form before anything is sent: "Contains U+202E RIGHT-TO-LEFT OVERRIDE, …". */
function labelProblem(value: string): string | null {
  if (value.length > LIMITS.name) return `At most ${LIMITS.name} characters.`
  const problem = plainTextProblem(value)
  return problem ? `${problem[0]!.toUpperCase()}${problem.slice(1)}.` : null
}

interface Props {
  testnet: boolean
  onDone: (result: { counterparty: CounterpartyView; alreadyExists: boolean }) => void
  onCancel: () => void
}

/** Registers a destination; only the fields that apply to the chosen type are asked, each checked before sending. */
export function DestinationForm({ testnet, onDone, onCancel }: Props) {
  const networks = NETWORKS.filter((n) => n.testnet === testnet)
  const [network, setNetwork] = useState(networks[0]?.id ?? '')
  const [address, setAddress] = useState('')
  const [type, setType] = useState<Type>('company')
  const [firstName, setFirstName] = useState('')
  const [lastName, setLastName] = useState('')
  const [companyName, setCompanyName] = useState('')
  const [walletType, setWalletType] = useState<WalletType>('vasp')
  const [vaspName, setVaspName] = useState('')
  const [country, setCountry] = useState('')
  const [direction, setDirection] = useState<'send' | 'both'>('send')
  const [label, setLabel] = useState('')
  const [touched, setTouched] = useState(false)
  const action = useAction()
  const findLookalikes = useDeskMutation('counterparties.lookalikes')
  const create = useDeskMutation('counterparties.create')
  const createLookalike = useDeskMutation('counterparties.createLookalike')
  /** A look-alike waits here, with the body, until the person compared both addresses in the dialog. */
  const [pending, setPending] = useState<{ body: CreateCounterparty; findings: LookalikeFindingView[] } | null>(null)

  const problems = {
    address: address.length === 0 ? 'Enter the address.' : addressProblem(network, address),
    first_name: type === 'individual' ? nameProblem(firstName, 'first name') : null,
    last_name: type === 'individual' ? nameProblem(lastName, 'last name') : null,
    company_name: type === 'company' ? nameProblem(companyName, 'company name') : null,
    vasp_name: walletType === 'vasp' ? nameProblem(vaspName, 'provider name') : null,
    country: country ? null : 'Choose the country.',
    label: labelProblem(label),
  }
  const show = (key: keyof typeof problems) =>
    touched || (key === 'address' && address.length > 0) ? problems[key] : null

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (Object.values(problems).some(Boolean)) return
    const body = CreateCounterpartySchema.parse({
      network,
      address,
      counterparty_type: type,
      ...(type === 'individual'
        ? { first_name: firstName.trim(), last_name: lastName.trim() }
        : { company_name: companyName.trim() }),
      wallet_type: walletType,
      ...(walletType === 'vasp' ? { vasp_name: vaspName.trim() } : {}),
      country,
      direction,
      ...(label.trim() ? { label: label.trim() } : {}),
    })
    // One run for the check and the save, so a double click cannot slip a second save in between.
    const outcome = await action.run(async () => {
      const findings = await findLookalikes.mutateAsync({ network: body.network, address: body.address })
      return findings.length > 0
        ? { findings, created: null }
        : { findings: null, created: await create.mutateAsync(body) }
    })
    if (outcome?.findings) setPending({ body, findings: outcome.findings })
    else if (outcome?.created) onDone(outcome.created)
  }

  const saveCompared = async () => {
    if (!pending) return
    const result = await action.run(() =>
      createLookalike.mutateAsync({ body: pending.body, acceptLookalike: pending.body.address }),
    )
    setPending(null)
    if (result) onDone(result)
  }

  return (
    <form className="panel" onSubmit={(e) => void submit(e)} aria-label="New destination" noValidate>
      <h2>New destination</h2>
      <div className="row">
        <Field label="Network">
          <select autoFocus value={network} onChange={(e) => setNetwork(e.target.value)}>
            {networks.map((n) => (
              <option key={n.id} value={n.id}>
                {shown(n.name)}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Address" error={show('address')}>
          <input
            className="mono"
            size={50}
            value={address}
            maxLength={LIMITS.address}
            onChange={(e) => setAddress(e.target.value.trim())}
          />
        </Field>
      </div>
      <div className="row">
        <Field label="Owner type">
          <select value={type} onChange={(e) => setType(e.target.value as Type)}>
            <option value="company">Company</option>
            <option value="individual">Individual</option>
          </select>
        </Field>
        {type === 'individual' ? (
          <>
            <Field label="First name" error={show('first_name')}>
              <input value={firstName} maxLength={LIMITS.name} onChange={(e) => setFirstName(e.target.value)} />
            </Field>
            <Field label="Last name" error={show('last_name')}>
              <input value={lastName} maxLength={LIMITS.name} onChange={(e) => setLastName(e.target.value)} />
            </Field>
          </>
        ) : (
          <Field label="Company name" error={show('company_name')}>
            <input value={companyName} maxLength={LIMITS.name} onChange={(e) => setCompanyName(e.target.value)} />
          </Field>
        )}
        <Field label="Country" error={show('country')}>
          <select value={country} onChange={(e) => setCountry(e.target.value)}>
            <option value="">Choose…</option>
            {countries().map((c) => (
              <option key={c.code} value={c.code}>
                {shown(c.name)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="row">
        <Field label="Wallet type">
          <select value={walletType} onChange={(e) => setWalletType(e.target.value as WalletType)}>
            <option value="vasp">Held at a provider (VASP)</option>
            <option value="unhosted">Self-hosted (unhosted)</option>
          </select>
        </Field>
        {walletType === 'vasp' ? (
          <Field label="Provider name" error={show('vasp_name')}>
            <input value={vaspName} maxLength={LIMITS.name} onChange={(e) => setVaspName(e.target.value)} />
          </Field>
        ) : null}
        <Field label="Direction">
          <select value={direction} onChange={(e) => setDirection(e.target.value as 'send' | 'both')}>
            <option value="send">Send only</option>
            <option value="both">Send and receive</option>
          </select>
        </Field>
        <Field label="Label (optional)" error={show('label')}>
          <input value={label} maxLength={LIMITS.name} onChange={(e) => setLabel(e.target.value)} />
        </Field>
      </div>
      {pending ? (
        <LookalikeDialog
          network={pending.body.network}
          address={pending.body.address}
          findings={pending.findings}
          busy={action.busy}
          onConfirm={() => void saveCompared()}
          onClose={() => setPending(null)}
        />
      ) : null}
      {action.error ? <ErrorBox error={action.error} title="The destination was not registered" /> : null}
      <div className="actions">
        <EscapeCloses onClose={onCancel} />
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={action.busy}>
          Register destination
        </button>
      </div>
      <BudgetWait active={action.busy} />
    </form>
  )
}
