import { userInfo } from 'node:os'

/** The account name of the person at this computer: the "who" of a policy change, a release or a rejection. */
export function localPerson(env: NodeJS.ProcessEnv = process.env): string {
  try {
    return userInfo().username
  } catch {
    // userInfo() throws for a uid without a passwd entry (some containers).
    return env.USER ?? env.USERNAME ?? 'unknown'
  }
}
