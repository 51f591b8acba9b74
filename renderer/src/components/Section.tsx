import { useId, type ReactNode } from 'react'

/**
 * A part of a screen under its heading, with the heading's actions on its line: the space above the heading sets it
 * apart from the table before it, so a heading never reads as that table's last row (issue 54).
 */
export function Section({
  title,
  actions,
  children,
  testId,
}: {
  title: ReactNode
  actions?: ReactNode
  children: ReactNode
  testId?: string
}) {
  const id = useId()
  return (
    <section className="section" aria-labelledby={id} data-testid={testId}>
      <div className="section-head">
        <h2 id={id}>{title}</h2>
        {actions ? <div className="section-actions">{actions}</div> : null}
      </div>
      {children}
    </section>
  )
}
