import type { ReactNode } from 'react'
import { ActionBar } from './ActionBar'
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
      {/* A destructive step is never the loud button: keeping things as they are is (issue 54). */}
      <ActionBar>
        <button type="button" className={danger ? 'primary' : undefined} onClick={onClose}>
          Keep as is
        </button>
        <button type="button" className={danger ? 'danger' : 'primary'} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </ActionBar>
    </Dialog>
  )
}
