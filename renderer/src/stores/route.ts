/**
 * The route as the page's address keeps it (`#/payouts/waiting`): a reload opens the same section and the same view
 * of it (a tab, the new-payout flow). Only known sections are read back; anything else is no route.
 */
export interface Route<S extends string> {
  section: S
  view: string | null
}

const VIEW = /^[a-z][a-z-]{0,30}$/

export function formatRoute<S extends string>({ section, view }: Route<S>): string {
  return view ? `#/${section}/${view}` : `#/${section}`
}

export function parseRoute<S extends string>(hash: string, sections: readonly S[]): Route<S> | null {
  const [section, view, ...rest] = hash.replace(/^#\/?/, '').split('/')
  const known = sections.find((s) => s === section)
  if (!known || rest.length > 0) return null
  return { section: known, view: view && VIEW.test(view) ? view : null }
}
