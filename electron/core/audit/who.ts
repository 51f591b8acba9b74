import { userInfo } from 'node:os'

/** The account name of the person at this computer: the "who" of a payout, a note, a policy change, a release. */
export function localPerson(env: NodeJS.ProcessEnv = process.env): string {
  try {
    return userInfo().username
  } catch {
    // userInfo() throws for a uid without a passwd entry (some containers).
    return env.USER ?? env.USERNAME ?? 'unknown'
  }
}

/** The surface a person wrote through. The connector's writes are `agent` alone: no person stands behind them. */
export type Surface = 'app' | 'cli'

/**
 * Who wrote a payout, a batch, a note or a policy: one form on every surface, the surface and then the person,
 * `cli (alice)`, so the outbox, the activity log and the policy read alike whichever surface wrote them.
 */
export function who(surface: Surface, person: string = localPerson()): string {
  return `${surface} (${person})`
}

/** The desktop app's writer: the app surface and the person at this computer. */
export const whoAmI = (): string => who('app')
