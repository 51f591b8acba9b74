import type { PublicKeyView } from '@shared/ipc/channels/profiles'
import { CopyButton } from '../../components/CopyButton'
import { QrImage } from '../../components/QrImage'

/** The public key in every form the console or a colleague may ask for. Never a secret. */
export function PublicKeyPanel({ publicKey, title }: { publicKey: PublicKeyView; title: string }) {
  return (
    <div className="panel" data-testid="public-key">
      <h3>{title}</h3>
      <div className="row">
        <dl className="facts">
          <dt>Base64</dt>
          <dd>
            <code className="mono" data-testid="pk-base64">
              {publicKey.base64}
            </code>
            <CopyButton value={publicKey.base64} what="public key (base64)" />
          </dd>
          <dt>Hex</dt>
          <dd>
            <code className="mono">{publicKey.hex}</code>
            <CopyButton value={publicKey.hex} what="public key (hex)" />
          </dd>
          <dt>Fingerprint</dt>
          <dd>
            <code className="mono">{publicKey.fingerprint}</code>
            <CopyButton value={publicKey.fingerprint} what="fingerprint" />
          </dd>
          <dt>PEM</dt>
          <dd>
            <pre className="mono small">{publicKey.pem}</pre>
            <CopyButton value={publicKey.pem} what="public key (PEM)" />
          </dd>
        </dl>
        <QrImage value={publicKey.base64} label="the public key in base64" />
      </div>
      <p className="muted small">Paste the base64 form into the provider's console; it answers with a Key ID.</p>
    </div>
  )
}
