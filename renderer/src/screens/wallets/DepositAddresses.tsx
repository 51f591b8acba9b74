import type { WalletView } from '@shared/ipc/views'
import { useState } from 'react'
import { QrImage } from '../../components/QrImage'
import { ShortId } from '../../components/ShortId'

export function DepositAddresses({ wallet }: { wallet: WalletView }) {
  const [qrFor, setQrFor] = useState<string | null>(null)
  if (wallet.deposit_addresses.length === 0) return <p className="muted">No deposit address on this wallet.</p>
  return (
    <table className="grid" aria-label="Deposit addresses">
      <thead>
        <tr>
          <th>Network</th>
          <th>Deposit address</th>
          <th>QR</th>
        </tr>
      </thead>
      <tbody>
        {wallet.deposit_addresses.map((d) => (
          <tr key={d.network}>
            <td>{d.network_name}</td>
            <td>
              <ShortId value={d.address} what={`${d.network_name} deposit address`} network={d.network} />
              {qrFor === d.network ? (
                <div>
                  <QrImage value={d.address} label={`the ${d.network_name} deposit address`} />
                </div>
              ) : null}
            </td>
            <td className="row-actions">
              <button
                type="button"
                onClick={() => setQrFor(qrFor === d.network ? null : d.network)}
                aria-expanded={qrFor === d.network}
              >
                {qrFor === d.network ? 'Hide QR' : 'Show QR'}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
