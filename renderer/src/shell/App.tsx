import { Suspense, useEffect, useRef } from 'react'
import { ErrorBox } from '../components/ErrorBox'
import { Loading } from '../components/Loading'
import { useNav } from '../stores/nav'
import { useProfiles } from '../data/profiles'
import { useQuickstart } from '../data/quickstart'
import { Nav } from './Nav'
import { NeedsProfile } from './NeedsProfile'
import { usePayoutNotices } from './usePayoutNotices'
import { usePayRunReminders } from './usePayRunReminders'
import { useWaitNotices } from './useWaitNotices'
import { useSectionShortcuts } from './shortcuts'
import { preloadScreens, SCREENS } from './screens'
import { TopBar } from './TopBar'
import { UnderHeader } from './UnderHeader'
import { Welcome } from './Welcome'

/** When every screen's chunk is fetched: after the start, which the app's every launch (and each e2e test) pays. */
const PRELOAD_ALL_AFTER_MS = 8_000

export function App() {
  const { loaded, error, profiles, current, reload } = useProfiles()
  const section = useNav((s) => s.section)
  const quickstarting = useQuickstart().busy
  useSectionShortcuts()
  usePayoutNotices()
  useWaitNotices()
  usePayRunReminders()
  const headingFocus = useNav((s) => s.headingFocus)
  const main = useRef<HTMLElement>(null)

  // After a section shortcut, the screen's heading takes focus, so a screen reader says where the user landed.
  // A screen whose chunk is still arriving gets its heading a moment later: focus it when it appears.
  useEffect(() => {
    const box = main.current
    if (!headingFocus || !box) return
    const focusHeading = () => {
      const heading = box.querySelector<HTMLElement>('h1')
      if (!heading) return false
      heading.tabIndex = -1
      heading.focus()
      return true
    }
    if (focusHeading()) return
    const watch = new MutationObserver(() => focusHeading() && watch.disconnect())
    watch.observe(box, { childList: true, subtree: true })
    return () => watch.disconnect()
  }, [headingFocus, section])

  // Every screen's chunk is fetched once the start has settled, not beside it: parsing them all there cost each start
  // about 0.5 of its 1.5 CPU-s (issue 53). Until then a link's hover or focus fetches its own screen (Nav).
  useEffect(() => {
    const later = setTimeout(preloadScreens, PRELOAD_ALL_AFTER_MS)
    return () => clearTimeout(later)
  }, [])

  let body: React.ReactNode
  if (!loaded) body = <Loading what="profiles" />
  // A quick start that is running keeps its screen: a reload that fails meanwhile must not replace it.
  else if (quickstarting && section !== 'keys') body = <Welcome />
  else if (error && profiles.length === 0)
    body = <ErrorBox error={error} title="Profiles could not be read" onRetry={() => void reload()} />
  else if (section === 'keys') body = <SCREENS.keys />
  // The desk's people, over every profile: it needs none open.
  else if (section === 'people') body = <SCREENS.people />
  // Theme, times and screen capture are the app's, over every profile.
  else if (section === 'preferences') body = <SCREENS.preferences />
  else if (profiles.length === 0) body = <Welcome />
  // The agent's switch and policy are set before a key is (they were on Keys & profiles): no key needed.
  else if (section === 'agent') body = <SCREENS.agent key={current?.id} />
  // Over every profile: it needs none open.
  else if (section === 'home') body = <SCREENS.home />
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
      {current?.environment === 'production' ? (
        <div className="production-frame" data-testid="production-frame" aria-hidden="true" />
      ) : null}
      <TopBar />
      <Nav />
      <main className="content" id="main" ref={main} tabIndex={-1}>
        <UnderHeader />
        {/* One boundary per section: a screen still arriving never leaves the previous one hidden in the page. */}
        <Suspense key={section} fallback={<Loading what="the screen" />}>
          {body}
        </Suspense>
      </main>
    </div>
  )
}
