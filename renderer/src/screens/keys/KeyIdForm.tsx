import { useState, type FormEvent } from 'react'
import { LIMITS } from '@shared/api/limits'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'

interface Props {
  profileId: string
  which: 'active' | 'pending'
  initial: string | null
}

/**
 * The Key ID the console returned for a public key. Replacing the active key's Key ID asks first, and the core tests
 * the new one with the provider before saving it: a mistyped Key ID never replaces one that signs.
 */
export function KeyIdForm({ profileId, which, initial }: Props) {
  const [keyId, setKeyId] = useState(initial ?? '')
  const [confirmReplace, setConfirmReplace] = useState(false)
  const { busy, error, run } = useAction()
  const saveKeyId = useDeskMutation('keys.setKeyId')
  const typed = keyId.trim()
  const problem =
    typed.length === 0 ? 'Enter the Key ID.' : typed.length > LIMITS.id ? `At most ${LIMITS.id} characters.` : null
  const replacing = which === 'active' && initial !== null && typed !== initial

  const save = (replace: boolean) =>
    run(async () => {
      await saveKeyId.mutateAsync({ profileId, keyId: typed, which, ...(replace ? { replace } : {}) })
      setConfirmReplace(false)
    })

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (problem) return
    if (replacing) setConfirmReplace(true)
    else await save(false)
  }

  return (
    <form
      className="row"
      onSubmit={(e) => void submit(e)}
      aria-label={which === 'pending' ? 'Key ID of the new key' : 'Key ID'}
    >
      <Field label={which === 'pending' ? 'Key ID of the new key' : 'Key ID'} error={keyId && problem ? problem : null}>
        <input value={keyId} maxLength={LIMITS.id + 10} onChange={(e) => setKeyId(e.target.value)} className="mono" />
      </Field>
      <button type="submit" disabled={busy || problem !== null}>
        Save Key ID
      </button>
      {error && !confirmReplace ? <ErrorBox error={error} title="The Key ID was not saved" /> : null}
      {confirmReplace && initial !== null ? (
        <ConfirmDialog
          title="Replace the Key ID in use?"
          confirmLabel={busy ? 'Testing…' : 'Test and replace'}
          busy={busy}
          onClose={() => setConfirmReplace(false)}
          onConfirm={() => void save(true)}
        >
          <p>
            This profile signs with the Key ID <code>{initial}</code>. The new Key ID <code>{typed}</code> is tested
            with the provider first; if the test fails, <code>{initial}</code> stays in use.
          </p>
          {error ? <ErrorBox error={error} title="The Key ID was not replaced" /> : null}
        </ConfirmDialog>
      ) : null}
    </form>
  )
}
