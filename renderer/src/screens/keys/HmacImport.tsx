import { useState, type FormEvent } from 'react'
import { LIMITS } from '@shared/api/limits'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { useAction } from '../../components/useAction'
import { useDeskMutation } from '../../data/useDeskMutation'

/** Imports a legacy HMAC secret into the keychain; the field is cleared right after. */
export function HmacImport({ profileId }: { profileId: string }) {
  const [keyId, setKeyId] = useState('')
  const [secret, setSecret] = useState('')
  const { busy, error, run } = useAction()
  const importHmac = useDeskMutation('keys.importHmac')
  const secretProblem =
    secret.length > 512
      ? 'At most 512 characters.'
      : /[^\x21-\x7e]/.test(secret)
        ? 'Only printable characters, no spaces.'
        : null

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!keyId.trim() || !secret || secretProblem) return
    const imported = await run(() => importHmac.mutateAsync({ profileId, keyId: keyId.trim(), secret }))
    if (imported) setSecret('')
  }

  return (
    <form className="panel" onSubmit={(e) => void submit(e)} aria-label="Import HMAC secret">
      <h3>Import an HMAC secret</h3>
      <div className="row">
        <Field label="Key ID">
          <input value={keyId} maxLength={LIMITS.id} onChange={(e) => setKeyId(e.target.value)} className="mono" />
        </Field>
        <Field label="Secret" error={secretProblem} hint="Stored only in the OS keychain.">
          <input type="password" autoComplete="off" value={secret} onChange={(e) => setSecret(e.target.value)} />
        </Field>
        <button type="submit" disabled={busy || !keyId.trim() || !secret || secretProblem !== null}>
          Import
        </button>
      </div>
      {error ? <ErrorBox error={error} title="The secret was not imported" /> : null}
    </form>
  )
}
