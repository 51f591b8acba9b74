import { lazy } from 'react'
import type { SectionId } from '../stores/nav'

type Screen = () => React.JSX.Element

// Each screen is a chunk of its own, so the first paint loads only the shell; all of them are fetched right after it.
const LOADERS: Record<SectionId, () => Promise<{ default: Screen }>> = {
  home: () => import('../screens/home/HomeScreen').then((m) => ({ default: m.HomeScreen })),
  wallets: () => import('../screens/wallets/WalletsScreen').then((m) => ({ default: m.WalletsScreen })),
  transactions: () => import('../screens/transactions/TransactionsScreen').then((m) => ({ default: m.TransactionsScreen })),
  destinations: () => import('../screens/destinations/DestinationsScreen').then((m) => ({ default: m.DestinationsScreen })),
  payouts: () => import('../screens/payouts/PayoutsScreen').then((m) => ({ default: m.PayoutsScreen })),
  activity: () => import('../screens/activity/ActivityScreen').then((m) => ({ default: m.ActivityScreen })),
  keys: () => import('../screens/keys/KeysScreen').then((m) => ({ default: m.KeysScreen })),
}

export const SCREENS = Object.fromEntries(Object.entries(LOADERS).map(([id, load]) => [id, lazy(load)])) as Record<SectionId, React.LazyExoticComponent<Screen>>

/** Fetches every screen's chunk once the shell is up, so opening one later waits for nothing. */
export function preloadScreens(): void {
  for (const load of Object.values(LOADERS)) void load().catch(() => undefined)
}
