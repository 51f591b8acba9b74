import { useState, type FormEvent } from 'react'
import { LIMITS } from '@shared/api/limits'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'

interface Props {
  profileId: string
  which: 'active' | 'pending'
  initial: string | null
}

/** The Key ID the console returned for a public key. */
export function KeyIdForm({ profileId, which, initial }: Props) {
  const [keyId, setKeyId] = useState(initial ?? '')
  const { busy, error, run } = useAction()
  const saveKeyId = useDeskMutation('keys.setKeyId')
  const problem = keyId.trim().length === 0 ? 'Enter the Key ID.' : keyId.trim().length > LIMITS.id ? `At most ${LIMITS.id} characters.` : null

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (problem) return
    await run(() => saveKeyId.mutateAsync({ profileId, keyId: keyId.trim(), which }))
  }

  return (
    <form className="row" onSubmit={(e) => void submit(e)} aria-label={which === 'pending' ? 'Key ID of the new key' : 'Key ID'}>
      <Field label={which === 'pending' ? 'Key ID of the new key' : 'Key ID'} error={keyId && problem ? problem : null}>
        <input value={keyId} maxLength={LIMITS.id + 10} onChange={(e) => setKeyId(e.target.value)} className="mono" />
      </Field>
      <button type="submit" disabled={busy || problem !== null}>
        Save Key ID
      </button>
      {error ? <ErrorBox error={error} title="The Key ID was not saved" /> : null}
    </form>
  )
}
