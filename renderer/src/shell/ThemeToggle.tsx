import { useTheme, type ThemeChoice } from '../stores/theme'

const NEXT: Record<ThemeChoice, ThemeChoice> = { system: 'light', light: 'dark', dark: 'system' }
const LABEL: Record<ThemeChoice, string> = { system: 'Theme: system', light: 'Theme: light', dark: 'Theme: dark' }

export function ThemeToggle() {
  const { choice, set } = useTheme()
  return (
    <button
      type="button"
      onClick={() => set(NEXT[choice])}
      title="Switch between system, light and dark"
      data-testid="theme-toggle"
    >
      {LABEL[choice]}
    </button>
  )
}
