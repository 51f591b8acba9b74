import {
  MutationObserver,
  useIsMutating,
  useMutationState,
  useQueryClient,
  type MutationOptions,
  type QueryClient,
} from '@tanstack/react-query'
import type { ChannelOutput } from '@shared/ipc/channels'
import { asDeskError, call, DeskCallError } from '../desk'
import { useNav } from '../stores/nav'
import { markOld } from './desk-events'
import { adoptProfile, PROFILE_READS } from './profiles'

/**
 * The core answers within 15 s, naming the step that stalled; this is the backstop should the core itself not answer.
 */
const NO_ANSWER_MS = 20_000
const QUICKSTART = ['quickstart.simulator'] as const

type Answer = ChannelOutput<'quickstart.simulator'>

/**
 * The quick start as a mutation of the shared cache, not of the welcome screen: profiles appear and vanish while it
 * runs, which remounts screens, and its callbacks run all the same.
 */
export function quickstartOptions(client: QueryClient): MutationOptions<Answer, DeskCallError, void> {
  return {
    mutationKey: QUICKSTART,
    mutationFn: () =>
      withinNoAnswer(call('quickstart.simulator', {}).catch((err: unknown) => Promise.reject(asDeskError(err)))),
    // Wallets opens on the core's answer: the reload of every profile (a keychain read each) follows, not precedes it.
    onSuccess: ({ profile }) => {
      adoptProfile(client, profile)
      useNav.getState().go('wallets')
    },
    // A quick start that failed half-way may have created the profile all the same.
    onError: () => void markOld(client, PROFILE_READS),
  }
}

/** Runs the quick start unless one is running; resolves once it answered (its error is kept in the cache). */
export function runQuickstart(client: QueryClient): Promise<void> {
  if (client.isMutating({ mutationKey: QUICKSTART }) > 0) return Promise.resolve()
  return new MutationObserver(client, quickstartOptions(client)).mutate().then(
    () => undefined,
    () => undefined,
  )
}

/** Whether the quick start runs, the error of the last run, and the way to start it. */
export function useQuickstart(): { busy: boolean; error: DeskCallError | null; run(): Promise<void> } {
  const client = useQueryClient()
  const busy = useIsMutating({ mutationKey: QUICKSTART }) > 0
  const errors = useMutationState({
    filters: { mutationKey: QUICKSTART },
    select: (m) => m.state.error as DeskCallError | null,
  })
  return { busy, error: errors.at(-1) ?? null, run: () => runQuickstart(client) }
}

function withinNoAnswer<T>(answer: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new DeskCallError(
            'timeout',
            `The app did not answer the quick start within ${NO_ANSWER_MS / 1000} s. Restart Payout Desk and ` +
              `try again.`,
          ),
        ),
      NO_ANSWER_MS,
    )
  })
  return Promise.race([answer, late]).finally(() => clearTimeout(timer))
}
