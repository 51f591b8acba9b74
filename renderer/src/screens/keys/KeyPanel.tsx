import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { ConnectionResult, ProfileView } from '@shared/ipc/channels/profiles'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ErrorBox } from '../../components/ErrorBox'
import { Field } from '../../components/Field'
import { useAction } from '../../components/useAction'
import { forgetPublicKeys } from '../../data/desk-events'
import { useDeskMutation } from '../../data/useDeskMutation'
import { useDeskQuery } from '../../data/useDeskQuery'
import { ConnectionResultView } from './ConnectionResultView'
import { HmacImport } from './HmacImport'
import { KeyIdForm } from './KeyIdForm'
import { PublicKeyPanel } from './PublicKeyPanel'
import { UserText } from '../../names/UserText'
import { CanWrite } from '../../components/CanWrite'

/** Everything about a profile's signing key: generate, show, Key ID, test, rotate, delete. */
export function KeyPanel({ profile }: { profile: ProfileView }) {
  // One action at a time for the whole panel: its buttons wait for each other and share one error.
  const action = useAction()
  const generateKey = useDeskMutation('keys.generate')
  const testKey = useDeskMutation('keys.test')
  const rotateKey = useDeskMutation('keys.rotate')
  const cancelKeyRotation = useDeskMutation('keys.cancelRotation')
  const deleteKey = useDeskMutation('keys.delete')
  const queryClient = useQueryClient()
  // After this panel's own key changes, at once: the core's profiles.changed, which reads the profile again, may come
  // later.
  const keysChanged = () => forgetPublicKeys(queryClient)
  const [result, setResult] = useState<ConnectionResult | null>(null)
  const [pendingResult, setPendingResult] = useState<ConnectionResult | null>(null)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [confirmCancelRotation, setConfirmCancelRotation] = useState(false)
  // The Key ID a rotation replaced: still valid at the provider until someone revokes it there.
  const [replacedKeyId, setReplacedKeyId] = useState<string | null>(null)
  const ed25519 = profile.algorithm === 'ed25519'
  // Re-read on every key change: the core announces those with `profiles.changed`.
  const active = useDeskQuery(
    'keys.publicKey',
    { profileId: profile.id, which: 'active' },
    { enabled: profile.hasKey && ed25519 },
  )
  const pending = useDeskQuery(
    'keys.publicKey',
    { profileId: profile.id, which: 'pending' },
    { enabled: profile.pendingKey !== null },
  )

  const generate = () =>
    action.run(async () => {
      await generateKey.mutateAsync({ profileId: profile.id })
      keysChanged()
    })
  const test = () =>
    action.run(async () => {
      setResult(await testKey.mutateAsync({ profileId: profile.id, which: 'active' }))
    }, 'test')
  const testPending = () =>
    action.run(async () => {
      const previous = profile.keyId
      const r = await testKey.mutateAsync({ profileId: profile.id, which: 'pending' })
      setPendingResult(r)
      if (r.ok) setReplacedKeyId(previous)
      if (r.ok) keysChanged()
    })
  const rotate = () =>
    action.run(async () => {
      await rotateKey.mutateAsync({ profileId: profile.id })
      setPendingResult(null)
      keysChanged()
    })
  const cancelRotation = () =>
    action.run(async () => {
      await cancelKeyRotation.mutateAsync({ profileId: profile.id })
      setConfirmCancelRotation(false)
      setPendingResult(null)
      keysChanged()
    })
  const [typedName, setTypedName] = useState('')
  const production = profile.environment === 'production'
  const remove = () =>
    action.run(async () => {
      await deleteKey.mutateAsync({ profileId: profile.id, ...(production ? { typedName } : {}) })
      setConfirmDelete(false)
      setTypedName('')
      setResult(null)
      keysChanged()
    })

  if (!profile.hasKey) {
    return (
      <div className="panel">
        <h3>Signing key</h3>
        {ed25519 ? (
          <>
            <p>
              This profile has no key yet. Generate one here: the private key goes straight into the OS keychain and
              never leaves it.
            </p>
            <CanWrite admin>
              <button type="button" className="primary" disabled={action.busy} onClick={() => void generate()}>
                Generate key
              </button>
            </CanWrite>
          </>
        ) : (
          <CanWrite admin>
            <HmacImport profileId={profile.id} />
          </CanWrite>
        )}
        {action.error ? <ErrorBox error={action.error} /> : null}
      </div>
    )
  }

  return (
    <div className="panel">
      <h3>Signing key</h3>
      {profile.hasKey && ed25519 && active.error ? (
        <ErrorBox error={active.error} title="The public key could not be read" onRetry={() => void active.refetch()} />
      ) : null}
      {profile.hasKey && ed25519 && active.data ? (
        <PublicKeyPanel publicKey={active.data} title="Active public key" />
      ) : null}
      {!ed25519 ? (
        <p className="muted" data-testid="hmac-stored">
          The HMAC secret is stored in the OS keychain (service <code>payout-desk</code>, account{' '}
          <code>{profile.id}</code>) and nowhere else; it is never shown.
        </p>
      ) : null}
      <CanWrite admin>
        <KeyIdForm key={`active-${profile.keyId}`} profileId={profile.id} which="active" initial={profile.keyId} />
      </CanWrite>
      <div className="row">
        <button type="button" className="primary" disabled={action.busy || !profile.keyId} onClick={() => void test()}>
          {action.running === 'test' ? 'Testing…' : 'Test connection'}
        </button>
        <CanWrite admin>
          {ed25519 && !profile.pendingKey ? (
            <button type="button" disabled={action.busy} onClick={() => void rotate()}>
              Rotate key
            </button>
          ) : null}
          <button type="button" className="danger" disabled={action.busy} onClick={() => setConfirmDelete(true)}>
            Delete key
          </button>
        </CanWrite>
      </div>
      {result ? <ConnectionResultView result={result} /> : null}
      {profile.pendingKey ? (
        <div className="panel" data-testid="pending-key">
          <h3>Rotation in progress</h3>
          <p className="muted small">
            Register this new public key in the console and enter its Key ID. A successful test makes it the active key.
          </p>
          {pending.data ? <PublicKeyPanel publicKey={pending.data} title="New public key (pending)" /> : null}
          {pending.error ? <ErrorBox error={pending.error} onRetry={() => void pending.refetch()} /> : null}
          <CanWrite admin>
            <KeyIdForm
              key={`pending-${profile.pendingKey.keyId}`}
              profileId={profile.id}
              which="pending"
              initial={profile.pendingKey.keyId}
            />
          </CanWrite>
          <div className="row">
            <button
              type="button"
              disabled={action.busy || !profile.pendingKey.keyId}
              onClick={() => void testPending()}
            >
              Test the new key
            </button>
            <CanWrite admin>
              <button type="button" disabled={action.busy} onClick={() => setConfirmCancelRotation(true)}>
                Cancel rotation
              </button>
            </CanWrite>
          </div>
          {pendingResult ? <ConnectionResultView result={pendingResult} /> : null}
        </div>
      ) : pendingResult?.ok ? (
        <p className="notice good" role="status">
          The new key passed the test and is now active.
          {replacedKeyId ? (
            <>
              {' '}
              Revoke the old Key ID <code>{replacedKeyId}</code> in the provider's console: it can sign requests until
              it is revoked there.
            </>
          ) : null}
        </p>
      ) : null}
      {action.error ? <ErrorBox error={action.error} /> : null}
      {confirmCancelRotation && profile.pendingKey ? (
        <ConfirmDialog
          title="Cancel this rotation?"
          confirmLabel="Cancel rotation"
          busy={action.busy}
          onClose={() => setConfirmCancelRotation(false)}
          onConfirm={() => void cancelRotation()}
        >
          <p>
            The new key is deleted from the keychain. The active key
            {profile.keyId ? (
              <>
                {' '}
                (Key ID <code>{profile.keyId}</code>)
              </>
            ) : null}{' '}
            stays in use.
          </p>
          {profile.pendingKey.keyId ? (
            <p data-testid="revoke-pending-reminder">
              The new key is registered as <code>{profile.pendingKey.keyId}</code>: revoke that Key ID in the provider's
              console too.
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
      {confirmDelete ? (
        <ConfirmDialog
          title="Delete this key?"
          confirmLabel="Delete key"
          danger
          busy={action.busy || (production && typedName.trim() !== profile.name)}
          onClose={() => setConfirmDelete(false)}
          onConfirm={() => void remove()}
        >
          <p>
            The private key of “<UserText>{profile.name}</UserText>” ({profile.environment}) is removed from the
            keychain. The app cannot sign for this workspace until a new key is registered. This cannot be undone.
          </p>
          {profile.keyId ? (
            <p data-testid="revoke-reminder">
              Deleting it here does not revoke it: revoke the Key ID <code>{profile.keyId}</code> in the provider's
              console too.
            </p>
          ) : null}
          {production ? (
            <Field label="Type the profile's name to delete its production key">
              <input value={typedName} onChange={(e) => setTypedName(e.target.value)} autoComplete="off" />
            </Field>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </div>
  )
}
