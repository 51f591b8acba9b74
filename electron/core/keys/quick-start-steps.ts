import { DeskError } from '../errors'

/** What a stalled step most likely waits on, said in the error so the user knows where to look. */
export type StepWaitsOn = 'simulator' | 'keychain' | 'profiles'

const ADVICE: Record<StepWaitsOn, string> = {
  simulator: 'The local simulator is slow to answer on this computer; try again once it is less busy.',
  keychain: 'The OS keychain is there but answers slowly (a busy computer, or an unlock prompt waiting): try again.',
  profiles: 'The app could not read or write its profiles file in time; try again.',
}

export interface StepTimer {
  /** Runs one named step within what is left of the deadline; a step that fails or stalls is named in the error. */
  step<T>(name: string, waitsOn: StepWaitsOn, op: () => Promise<T>): Promise<T>
  /** A step given up on keeps running; this settles once the last one has, so clean-up does not race it. */
  settled(): Promise<void>
  /** Whether a step was given up on (it may still be running). */
  gaveUp(): boolean
}

/**
 * One deadline for a sequence of steps: the user sees the quick start finish or fail within `deadlineMs`, never wait
 * on.
 */
export function stepTimer(deadlineMs: number, now: () => number = Date.now): StepTimer {
  const end = now() + deadlineMs
  let last: Promise<unknown> = Promise.resolve()
  let stalledOnce = false
  return {
    async step(name, waitsOn, op) {
      const running = op()
      last = running.catch(() => undefined)
      const late = new DeskError(
        'timeout',
        `The quick start stopped at "${name}": it was not done within ${Math.round(deadlineMs / 1000)} s. ` +
          `${ADVICE[waitsOn]}`,
      )
      let timer: ReturnType<typeof setTimeout> | undefined
      const stalled = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(late), Math.max(0, end - now()))
      })
      try {
        return await Promise.race([running, stalled])
      } catch (err) {
        if (err === late) stalledOnce = true
        if (err === late || !(err instanceof DeskError)) throw err
        throw new DeskError(err.code, `The quick start stopped at "${name}": ${err.message}`, err.requestId)
      } finally {
        clearTimeout(timer)
      }
    },
    async settled() {
      await last
    },
    gaveUp: () => stalledOnce,
  }
}
