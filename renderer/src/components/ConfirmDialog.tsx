import type { ReactNode } from 'react'
import { Dialog } from './Dialog'

interface Props {
  title: string
  confirmLabel: string
  danger?: boolean
  busy?: boolean
  onConfirm: () => void
  onClose: () => void
  children: ReactNode
}

export function ConfirmDialog({ title, confirmLabel, danger, busy, onConfirm, onClose, children }: Props) {
  return (
    <Dialog title={title} onClose={onClose}>
      {children}
      <div className="actions">
        <button type="button" onClick={onClose}>
          Keep as is
        </button>
        <button type="button" className={danger ? 'danger' : 'primary'} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  )
}
