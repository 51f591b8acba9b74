import { useEffect, useRef } from 'react'
import { on } from '../desk'
import { ErrorBox } from '../components/ErrorBox'
import { Loading } from '../components/Loading'
import { useNav, type SectionId } from '../stores/nav'
import { useProfiles } from '../stores/profiles'
import { useQuickstart } from '../stores/quickstart'
import { ActivityScreen } from '../screens/activity/ActivityScreen'
import { DestinationsScreen } from '../screens/destinations/DestinationsScreen'
import { HomeScreen } from '../screens/home/HomeScreen'
import { KeysScreen } from '../screens/keys/KeysScreen'
import { PayoutsScreen } from '../screens/payouts/PayoutsScreen'
import { TransactionsScreen } from '../screens/transactions/TransactionsScreen'
import { WalletsScreen } from '../screens/wallets/WalletsScreen'
import { Nav } from './Nav'
import { NeedsProfile } from './NeedsProfile'
import { Notices } from './Notices'
import { usePayoutNotices } from './usePayoutNotices'
import { ClipboardAlert } from './ClipboardAlert'
import { useWaitNotices } from './useWaitNotices'
import { useSectionShortcuts } from './shortcuts'
import { TopBar } from './TopBar'
import { Welcome } from './Welcome'

const SCREENS: Record<Exclude<SectionId, 'keys' | 'home'>, () => React.JSX.Element> = {
  wallets: WalletsScreen,
  transactions: TransactionsScreen,
  destinations: DestinationsScreen,
  payouts: PayoutsScreen,
  activity: ActivityScreen,
}

export function App() {
  const { loaded, error, profiles, current, load } = useProfiles()
  const section = useNav((s) => s.section)
  const quickstarting = useQuickstart((s) => s.busy)
  useSectionShortcuts()
  usePayoutNotices()
  useWaitNotices()
  const headingFocus = useNav((s) => s.headingFocus)
  const main = useRef<HTMLElement>(null)

  // After a section shortcut, the screen's heading takes focus, so a screen reader says where the user landed.
  useEffect(() => {
    const heading = headingFocus ? main.current?.querySelector<HTMLElement>('h1') : null
    if (!heading) return
    heading.tabIndex = -1
    heading.focus()
  }, [headingFocus, section])

  useEffect(() => {
    void load()
    return on('profiles.changed', () => void load())
  }, [load])

  let body: React.ReactNode
  if (!loaded) body = <Loading what="profiles" />
  // A quick start that is running keeps its screen: a reload that fails meanwhile must not replace it.
  else if (quickstarting && section !== 'keys') body = <Welcome />
  else if (error && profiles.length === 0) body = <ErrorBox error={error} title="Profiles could not be read" onRetry={() => void load()} />
  else if (section === 'keys') body = <KeysScreen />
  else if (profiles.length === 0) body = <Welcome />
  // Over every profile: it needs none open.
  else if (section === 'home') body = <HomeScreen />
  else {
    const Screen = SCREENS[section]
    // A new profile remounts every screen, so nothing of the previous workspace lingers.
    body = (
      <NeedsProfile>
        <Screen key={current?.id} />
      </NeedsProfile>
    )
  }

  return (
    <div className={`app app-env-${current?.environment ?? 'none'}`}>
      <a
        href="#main"
        className="skip-link"
        onClick={(e) => {
          e.preventDefault()
          main.current?.focus()
        }}
      >
        Skip to content
      </a>
      {current?.environment === 'production' ? <div className="production-frame" data-testid="production-frame" aria-hidden="true" /> : null}
      <TopBar />
      <Nav />
      <main className="content" id="main" ref={main} tabIndex={-1}>
        <ClipboardAlert />
        <Notices />
        {body}
      </main>
    </div>
  )
}
