import QRCode from 'qrcode'
import { useEffect, useState } from 'react'

/** A QR code drawn to a data URL (the CSP allows data: images only). */
export function QrImage({ value, label }: { value: string; label: string }) {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    QRCode.toDataURL(value, { margin: 1, width: 160, errorCorrectionLevel: 'M' }).then(
      (u) => live && setUrl(u),
      () => live && setUrl(null),
    )
    return () => {
      live = false
    }
  }, [value])
  return url ? <img className="qr" src={url} alt={`QR code of ${label}`} width={160} height={160} /> : null
}
