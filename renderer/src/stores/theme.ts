import { create } from 'zustand'

export type ThemeChoice = 'system' | 'light' | 'dark'
const KEY = 'payout-desk.theme'

function initial(): ThemeChoice {
  const saved = localStorage.getItem(KEY)
  return saved === 'light' || saved === 'dark' ? saved : 'system'
}

function apply(choice: ThemeChoice): void {
  // No attribute means the CSS follows prefers-color-scheme.
  if (choice === 'system') delete document.documentElement.dataset.theme
  else document.documentElement.dataset.theme = choice
}

interface ThemeState {
  choice: ThemeChoice
  set(choice: ThemeChoice): void
}

export const useTheme = create<ThemeState>((set) => {
  const choice = initial()
  apply(choice)
  return {
    choice,
    set(next) {
      if (next === 'system') localStorage.removeItem(KEY)
      else localStorage.setItem(KEY, next)
      apply(next)
      set({ choice: next })
    },
  }
})
