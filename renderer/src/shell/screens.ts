import type { SectionId } from '../stores/nav'
import { lazyScreen, type LazyScreen, type Screen } from './lazy-screen'

// Each screen is a chunk of its own, so the first paint loads only the shell; the others are fetched later (App).
const LAZY: Record<SectionId, LazyScreen> = {
  home: lazyScreen(() => import('../screens/home/HomeScreen').then((m) => ({ default: m.HomeScreen }))),
  wallets: lazyScreen(() => import('../screens/wallets/WalletsScreen').then((m) => ({ default: m.WalletsScreen }))),
  transactions: lazyScreen(() =>
    import('../screens/transactions/TransactionsScreen').then((m) => ({ default: m.TransactionsScreen })),
  ),
  destinations: lazyScreen(() =>
    import('../screens/destinations/DestinationsScreen').then((m) => ({ default: m.DestinationsScreen })),
  ),
  payouts: lazyScreen(() => import('../screens/payouts/PayoutsScreen').then((m) => ({ default: m.PayoutsScreen }))),
  activity: lazyScreen(() => import('../screens/activity/ActivityScreen').then((m) => ({ default: m.ActivityScreen }))),
  agent: lazyScreen(() => import('../screens/agent/AgentScreen').then((m) => ({ default: m.AgentScreen }))),
  batches: lazyScreen(() => import('../screens/batches/BatchesScreen').then((m) => ({ default: m.BatchesScreen }))),
  keys: lazyScreen(() => import('../screens/keys/KeysScreen').then((m) => ({ default: m.KeysScreen }))),
  payRuns: lazyScreen(() => import('../screens/pay-runs/PayRunsScreen').then((m) => ({ default: m.PayRunsScreen }))),
  safety: lazyScreen(() => import('../screens/settings/SafetyScreen').then((m) => ({ default: m.SafetyScreen }))),
  preferences: lazyScreen(() =>
    import('../screens/settings/PreferencesScreen').then((m) => ({ default: m.PreferencesScreen })),
  ),
  people: lazyScreen(() => import('../screens/people/PeopleScreen').then((m) => ({ default: m.PeopleScreen }))),
  close: lazyScreen(() => import('../screens/close/CloseScreen').then((m) => ({ default: m.CloseScreen }))),
  notifications: lazyScreen(() =>
    import('../screens/notifications/NotificationsScreen').then((m) => ({ default: m.NotificationsScreen })),
  ),
}

export const SCREENS = Object.fromEntries(Object.entries(LAZY).map(([id, s]) => [id, s.Screen])) as Record<
  SectionId,
  Screen
>

/** Fetches every screen's chunk, so opening one later waits for nothing. */
export function preloadScreens(): void {
  for (const s of Object.values(LAZY)) void s.preload().catch(() => undefined)
}

/** Fetches one screen's chunk ahead of its opening (its link hovered or focused). */
export function preloadScreen(id: SectionId): void {
  void LAZY[id].preload().catch(() => undefined)
}
