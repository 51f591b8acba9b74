import { base64 } from '@scure/base'
import { useState } from 'react'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useDeskQuery } from '../../data/useDeskQuery'
import { UserText } from '../../names/UserText'
import { CanWrite } from '../../components/CanWrite'

/** 10 MB: the core refuses more, so a bigger file is not even read into the page. */
const MAX_BYTES = 10 * 1024 * 1024

interface Draft {
  file: File | null
  number: string
  amount: string
  due: string
}
const EMPTY: Draft = { file: null, number: '', amount: '', due: '' }

/**
 * The invoices this payout pays, with the review's sentence when one asks another sum, and an invoice attached from
 * a PDF picked through the system's file dialog (the same use case as `invoice attach`).
 */
export function PayoutInvoices({ payoutId }: { payoutId: string }) {
  const invoices = useDeskQuery('invoices.ofPayout', { ref: payoutId })
  const attach = useDeskMutation('invoices.attach')
  const action = useAction()
  const [draft, setDraft] = useState<Draft | null>(null)
  const tooBig = draft?.file && draft.file.size > MAX_BYTES ? 'An invoice PDF is at most 10 MB.' : null
  const [tried, setTried] = useState<string | null>(null)
  // "Attach it anyway" confirms the number the core refused, never one typed after it.
  const repeat = action.error?.code === 'confirmation_required' && tried === draft?.number.trim()

  const save = async (confirmRepeat: boolean) => {
    if (!draft?.file || tooBig) return
    const file = draft.file
    setTried(draft.number.trim())
    const saved = await action.run(async () =>
      attach.mutateAsync({
        ref: payoutId,
        base64: base64.encode(new Uint8Array(await file.arrayBuffer())),
        number: draft.number.trim(),
        amount: draft.amount.trim() || null,
        due: draft.due.trim() || null,
        confirmRepeat,
      }),
    )
    if (saved) setDraft(null)
  }

  const list = invoices.data ?? []
  return (
    <section className="panel" aria-label="Invoices">
      <h2>Invoices</h2>
      {list.length === 0 ? <p className="muted">No invoice is attached to this payout.</p> : null}
      {list.length > 0 ? (
        <ul data-testid="payout-invoices">
          {list.map((i, n) => (
            <li key={n}>
              <UserText>{i.number}</UserText>
              {i.amount ? <span className="mono"> · {i.amount}</span> : null}
              {i.dueDate ? <span> · due {i.dueDate}</span> : null}
              {i.amountNote ? (
                <p className="notice warn" data-testid="invoice-amount-note">
                  <UserText>{i.amountNote}</UserText>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {draft === null ? (
        <CanWrite>
          <button type="button" onClick={() => setDraft(EMPTY)}>
            Attach invoice
          </button>
        </CanWrite>
      ) : (
        <>
          <Field label="Invoice PDF" error={tooBig}>
            <input
              type="file"
              accept="application/pdf,.pdf"
              onChange={(e) => setDraft({ ...draft, file: e.target.files?.[0] ?? null })}
            />
          </Field>
          <Field label="Invoice number">
            <input value={draft.number} onChange={(e) => setDraft({ ...draft, number: e.target.value })} />
          </Field>
          <Field label="Amount the invoice asks (optional)">
            <input
              className="mono"
              value={draft.amount}
              onChange={(e) => setDraft({ ...draft, amount: e.target.value })}
            />
          </Field>
          <Field label="Due day (optional, YYYY-MM-DD)">
            <input value={draft.due} onChange={(e) => setDraft({ ...draft, due: e.target.value })} />
          </Field>
          {action.error ? <ErrorBox error={action.error} title="The invoice was not attached" /> : null}
          <div className="actions">
            <button type="button" onClick={() => setDraft(null)} disabled={action.busy}>
              Cancel
            </button>
            <button
              type="button"
              className="primary"
              onClick={() => void save(repeat)}
              disabled={action.busy || !draft.file || !draft.number.trim() || tooBig !== null}
            >
              {repeat ? 'Attach it anyway' : 'Attach'}
            </button>
          </div>
        </>
      )}
    </section>
  )
}
