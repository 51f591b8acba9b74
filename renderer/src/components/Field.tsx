import { useId, type ReactElement, type ReactNode } from 'react'
import { cloneElement } from 'react'

interface Props {
  label: string
  error?: string | null
  hint?: ReactNode
  children: ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>
}

/** A labelled control with its message beside it. */
export function Field({ label, error, hint, children }: Props) {
  const id = useId()
  const msgId = `${id}-msg`
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, {
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': error || hint ? msgId : undefined,
      })}
      {error ? (
        <span id={msgId} className="field-error">
          {error}
        </span>
      ) : hint ? (
        <span id={msgId} className="field-hint">
          {hint}
        </span>
      ) : null}
    </div>
  )
}
