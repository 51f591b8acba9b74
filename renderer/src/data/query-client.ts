import { QueryClient } from '@tanstack/react-query'

/**
 * The renderer's one cache of core reads. The core's API client already retries reads (paced, with Retry-After), so a
 * failure that reaches here is final for this attempt: retrying again in the page would only spend the request budget.
 * A screen that opens shows what the cache holds at once and reads again behind it; a screen that stays open is kept
 * current by the core's events (desk-events.ts) rather than by timers.
 */
export function createDeskQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 0, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  })
}
